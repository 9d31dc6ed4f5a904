import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { exitRule, matchRoute, needsSessionEnded, pathOf, INVALID_NAVIGATION, type Route } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { SessionEndedView } from '../pages/system-message'
import { hasFlash } from '../services/flash'
import { currentPolicy } from '../services/policy-access'
import { log } from '../services/log'

/** The route a same-origin page navigation comes from, read from the Referer. */
function fromRoute(req: Request): Route | null {
  const referer = req.headers.get('Referer')
  const dest = req.headers.get('Sec-Fetch-Dest')
  if (!referer || (dest && dest !== 'document')) return null
  try {
    const ref = new URL(referer)
    return ref.origin === new URL(req.url).origin ? matchRoute(ref.pathname) : null
  } catch {
    return null
  }
}

/**
 * Spec 000 "Global navigation guards", server-side, from the route table: canonical paths, the
 * limited exits of Error and SystemMessage, the session-missing handling, and the loaded policy.
 */
export const guards = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path
  const target = matchRoute(path)
  c.set('route', target)
  c.set('policy', null)
  if (target.name === 'NotFound') return next()
  if (path !== target.path && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
    return c.redirect(target.path + new URL(c.req.url).search, 308)
  }

  if (c.req.method === 'GET') {
    const from = fromRoute(c.req.raw)
    const rule = from ? exitRule(from, target) : 'allow'
    if (rule === 'error') {
      log('warn', INVALID_NAVIGATION, { requestId: c.get('requestId'), from: from?.name, to: target.name })
      return c.redirect(pathOf('Error'), 303)
    }
    if (rule === 'cancel') return c.body(null, 204)
  }

  const session = c.get('session')
  if (needsSessionEnded(target, { hasSession: session !== null, hasMessage: hasFlash(c) })) {
    return renderPage(c, <SessionEndedView />, { status: 401, title: 'Session Ended - ProgHome' })
  }
  if (session && target.session === 'profile' && session.kind !== 'direct') return c.redirect(c.env.SSO_HOME_URL, 303)
  if (session && target.session === 'policy') {
    const policy = await currentPolicy(c.env, session)
    if (!policy) {
      if (session.kind === 'direct') return c.redirect(pathOf('AccountHome'), 303)
      return renderPage(c, <SessionEndedView />, { status: 401, title: 'Session Ended - ProgHome' })
    }
    c.set('policy', policy)
  }
  return next()
})
