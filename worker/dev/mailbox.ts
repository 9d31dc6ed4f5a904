import { Hono } from 'hono'
import type { AppEnv } from '../types'

/** Stand-in: the dev mailbox: what the mail port sent (issue 3). */
export const mailboxApp = new Hono<AppEnv>()
