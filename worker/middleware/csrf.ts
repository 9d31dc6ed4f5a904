import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * State-changing requests must come from this origin when a browser could have sent them on its own.
 * - Page forms: the Origin (or Referer) must be this origin.
 * - /v1 calls: a foreign Origin is refused; a call authenticated by the session cookie must also carry
 *   this origin and X-Requested-With, which a cross-site form cannot send. Calls with an Authorization
 *   header, or with no cookie at all (the mobile app, partners), carry no ambient credential.
 */
export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE.has(c.req.method)) return next()
  const self = new URL(c.req.url).origin
  const origin = c.req.header('Origin') ?? originOf(c.req.header('Referer'))
  if (!c.req.path.startsWith('/v1/')) {
    return origin === self ? next() : c.text('Forbidden: cross-site request refused.', 403)
  }
  if (c.req.header('Authorization')) return next()
  if (origin !== undefined && origin !== self) return c.json({ errorMessage: 'Cross-site request refused.' }, 403)
  if (c.get('authVia') === 'cookie' && (origin !== self || !c.req.header('X-Requested-With'))) {
    return c.json({ errorMessage: 'Missing X-Requested-With header.' }, 403)
  }
  return next()
})

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}
