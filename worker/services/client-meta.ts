import type { Context } from 'hono'

/** The caller's address and agent, for sessions, limits and the audit log. */
export function clientMeta(c: Context) {
  return {
    ip: c.req.header('CF-Connecting-IP') ?? '127.0.0.1',
    userAgent: c.req.header('User-Agent') ?? '',
    requestId: c.get('requestId') as string,
  }
}
