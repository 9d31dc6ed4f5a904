import type { Context } from 'hono'
import type { AppEnv } from '../../types'

/** The caller's address and agent, for sessions, limits and the audit log. */
export function clientMeta(c: Context<AppEnv>) {
  return {
    ip: c.req.header('CF-Connecting-IP') ?? '127.0.0.1',
    userAgent: c.req.header('User-Agent') ?? '',
    requestId: c.get('requestId'),
  }
}
