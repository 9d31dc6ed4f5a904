import { Hono } from 'hono'
import type { AppEnv } from '../types'

/** Stand-in: the partner app-logs receiver (issue 4). */
export const partnerLogsStandIn = new Hono<AppEnv>()
