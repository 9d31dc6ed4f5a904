import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import type { Refusals } from './refusals'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

export const CROSS_SITE_REFUSED = 'Cross-site request refused.'
const MISSING_REQUESTED_WITH = 'Missing X-Requested-With header.'

/** Page forms: a state-changing request must come from this origin (Origin, else Referer). */
export function pageCsrf(refusals: Pick<Refusals, 'crossSite'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE.has(c.req.method)) return next()
    return originOf(c.req.raw) === new URL(c.req.url).origin ? next() : refusals.crossSite(c, CROSS_SITE_REFUSED)
  })
}

/**
 * /v1 calls: a foreign Origin is refused. The check follows how the call is authenticated (loadSession
 * sets authVia): a call the session cookie authenticates must carry this origin and X-Requested-With,
 * which a cross-site form cannot send, whatever other headers it carries. A bearer call, or a call with
 * no session at all (the mobile app, partners, sign-in itself), has no ambient credential to abuse.
 */
export function apiCsrf(refusals: Pick<Refusals, 'crossSite'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE.has(c.req.method)) return next()
    const self = new URL(c.req.url).origin
    const origin = originOf(c.req.raw)
    if (origin !== undefined && origin !== self) return refusals.crossSite(c, CROSS_SITE_REFUSED)
    if (c.get('authVia') === 'cookie' && (origin !== self || !c.req.header('X-Requested-With'))) return refusals.crossSite(c, MISSING_REQUESTED_WITH)
    return next()
  })
}

function originOf(req: Request): string | undefined {
  const origin = req.headers.get('Origin')
  if (origin) return origin
  const referer = req.headers.get('Referer')
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}
