import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * State-changing requests must come from this origin. Forms: the Origin (or Referer) must match.
 * JSON calls authenticated by the cookie must also carry X-Requested-With, which a cross-site form
 * cannot send. Calls with an Authorization header carry no ambient credential (a cross-site page
 * cannot set that header without a CORS preflight we never grant) and need neither; a bad token there
 * is the session check's 401, not a CSRF 403.
 */
export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE.has(c.req.method) || (c.req.path.startsWith('/v1') && c.req.header('Authorization'))) return next()
  const self = new URL(c.req.url).origin
  const origin = c.req.header('Origin') ?? originOf(c.req.header('Referer'))
  if (origin !== self) return c.text('Forbidden: cross-site request refused.', 403)
  if (c.req.path.startsWith('/v1') && c.get('authVia') === 'cookie' && !c.req.header('X-Requested-With')) {
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
