import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, PolicyContext } from '../types'
import { isProfileSession, type ProfileSession } from '../services/identity/session'
import { canonicalPath, exitRule, matchRoute, needsSessionEnded, pathOf, routePermits, INVALID_NAVIGATION, type Route } from '../../shared/routes'
import { sessionEndedPage } from '../render/session-ended'
import { hasFlash } from '../services/request/flash'
import { loadCurrentPolicy } from '../services/policy/policy-access'
import { log } from '../lib/log'

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
 * The loaded policy may not open the route (spec 000: "If the user may not navigate to e-sign,
 * navigation is cancelled"; the same for every permission). A link followed from another page of the
 * portal gets 204, which leaves the browser where it was; an address typed, opened from elsewhere or
 * posted goes to the Dashboard.
 */
function refuse(c: Context<AppEnv>, target: Route): Response {
  const from = c.req.method === 'GET' ? fromRoute(c.req.raw) : null
  log('info', 'navigation refused', { requestId: c.get('requestId'), to: target.name, permission: target.permission })
  if (from && from.name !== target.name) return c.body(null, 204)
  return c.redirect(pathOf('PolicyOverview'), 303)
}

/**
 * Spec 000 "Global navigation guards", server-side, from the route table, for the route whose page is
 * asked for (its declaration mounted it with these guards, for every path under it too): canonical paths, the limited exits of
 * Error and SystemMessage, the session-missing handling, the loaded policy (one query, with what the
 * layout needs) and the route's permission. A page of a policy route runs only after all of them
 * passed, and reads its session and policy through policyContext().
 */
export const guards = createMiddleware<AppEnv>(async (c, next) => {
  const path = c.req.path
  const target = c.get('route')
  c.set('policy', null)
  const canonical = canonicalPath(target, path)
  if (path !== canonical && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
    return c.redirect(canonical + new URL(c.req.url).search, 308)
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

  // A claim session (decision 220) exists only on the routes that take it; elsewhere the page sees none.
  if (c.get('session')?.kind === 'claim' && !target.claimSession) c.set('session', null)
  const session = c.get('session')
  if (needsSessionEnded(target, { hasSession: session !== null, hasMessage: hasFlash(c) })) return sessionEndedPage(c)
  if (session && target.session === 'profile' && session.kind !== 'direct') return c.redirect(c.env.SSO_HOME_URL, 303)
  if (session && target.session === 'policy') {
    const loaded = await loadCurrentPolicy(c.env, session, c.get('sessionReads').policy)
    if (!loaded) {
      if (session.kind === 'direct') return c.redirect(pathOf('AccountHome'), 303)
      return sessionEndedPage(c)
    }
    c.set('policy', loaded.policy)
    c.set('policySendsToProgressive', loaded.sendToProgressive)
    c.set('pendingPayment', loaded.pendingPayment)
    c.set('autopay', loaded.autopay)
    if (!routePermits(target, loaded.policy)) return refuse(c, target)
  }
  return next()
})

/**
 * The session and policy of a policy route, typed non-null: the guards above loaded both (and checked
 * the route's permission) before any page of such a route runs. Called elsewhere, it is a programming
 * error, answered as one (500) rather than with a page that has no policy.
 */
export function policyContext(c: Context<AppEnv>): PolicyContext {
  const session = c.get('session')
  const policy = c.get('policy')
  if (c.get('route').session !== 'policy' || !session || !policy) {
    throw new Error(`policyContext() outside a guarded policy route: ${c.get('route').name}`)
  }
  return { session, policy }
}

/** The direct-login session of a profile route, typed with its profile: the guards let only those through. */
export function profileSession(c: Context<AppEnv>): ProfileSession {
  const session = c.get('session')
  if (c.get('route').session !== 'profile' || !isProfileSession(session)) {
    throw new Error(`profileSession() outside a guarded profile route: ${c.get('route').name}`)
  }
  return session
}
