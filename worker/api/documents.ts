import { Hono } from 'hono'
import type { AppEnv } from '../types'

/** /v1/common/DownloadDocument and DownloadPolicyPacketDocument (issue 5). */
export const documentsApi = new Hono<AppEnv>()
