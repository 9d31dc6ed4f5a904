import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { bodyLimit, BodyTooLargeError, KB } from '../middleware/body-limit'
import { log } from '../lib/log'
import { claimsSystemHook } from './claims-system'
import { smsHook } from './sms'

/**
 * Webhooks: calls from outside systems, signed by them (decision 167). Outside /v1 and the pages: no
 * session, no cookies, no CSRF check (a signature is the credential), bodies capped at HOOK_BODY_LIMIT,
 * answers in JSON.
 */
const HOOK_BODY_LIMIT = 64 * KB

export function createHooksApp(): Hono<AppEnv> {
  const hooks = new Hono<AppEnv>()
  hooks.use('*', async (c, next) => {
    c.set('requestId', crypto.randomUUID())
    await next()
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('X-Request-Id', c.get('requestId'))
  })
  hooks.use('*', bodyLimit(HOOK_BODY_LIMIT, { tooLarge: (c) => c.json({ error: 'the request is too large' }, 413) }))
  hooks.route('/claims-system', claimsSystemHook)
  hooks.route('/sms', smsHook)
  hooks.all('*', (c) => c.json({ error: 'not found' }, 404))
  hooks.onError((err, c) => {
    if (err instanceof BodyTooLargeError) return c.json({ error: 'the request is too large' }, 413)
    log('error', 'webhook failed', { requestId: c.get('requestId'), path: c.req.path, error: String(err) })
    return c.json({ error: 'internal error' }, 500)
  })
  return hooks
}
