import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { clientMeta } from '../services/client-meta'
import { log } from '../services/log'

/** Per-IP burst limit (Workers rate-limit binding) for credential and lookup endpoints. */
export const ipBurstLimit = createMiddleware<AppEnv>(async (c, next) => {
  const limiter = c.env.IP_LIMITER
  if (limiter) {
    const { ip } = clientMeta(c)
    const { success } = await limiter.limit({ key: `ip:${ip}` })
    if (!success) {
      log('warn', 'ip burst limit', { requestId: c.get('requestId'), path: c.req.path })
      c.header('Retry-After', '60')
      return c.req.path.startsWith('/v1')
        ? c.json({ errorMessage: 'Too many attempts. Please wait a minute and try again.' }, 429)
        : c.text('Too many attempts. Please wait a minute and try again.', 429)
    }
  }
  await next()
})
