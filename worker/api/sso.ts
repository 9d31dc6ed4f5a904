import { Hono } from 'hono'
import type { AppEnv } from '../types'

/** /v1/common/policies-from-ping (issue 4). */
export const ssoApi = new Hono<AppEnv>()
