import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { route, type Route, type RouteName } from '../../shared/routes'
import { MAX_CLAIM_FILE_BYTES } from '../../shared/claims/uploads'
import { loadSession } from '../middleware/session'
import { pageCsrf } from '../middleware/csrf'
import { bodyLimit, DEFAULT_BODY_LIMIT, KB } from '../middleware/body-limit'
import { guards } from '../middleware/guards'
import { refuseCardNumbers } from '../middleware/card-guard'
import { PAGE_REFUSALS } from '../middleware/page-refusals'
import { notFoundPage } from './not-found'

/**
 * Each page is declared once (decision 200), as each /v1 operation is: the route of the route table it
 * serves (shared/routes.ts: its path, title, session need, permission, body kind and layout) and the
 * handlers, with their own rate rules, on paths relative to the route's path. From the declaration the
 * router mounts the page at its path with the middleware its route needs, in one fixed order; no
 * middleware asks the request's path which route it is on. A route owns every path under it: a path no
 * handler serves is the 404 page, after the guards.
 */
export interface PageDeclaration extends Hono<AppEnv> {
  readonly page: Route
}

/** The page of the route `name`: its handlers are registered on it, on paths relative to the route's path ('/' is the page itself). */
export function definePage(name: RouteName): PageDeclaration {
  return Object.assign(new Hono<AppEnv>(), { page: route(name) })
}

/** What the session's own round trip brings for a route (decisions 141, 142): a policy page its policy, Account Home its rows. */
function sessionReads(r: Route) {
  return (c: Context<AppEnv>) => {
    const get = c.req.method === 'GET'
    return { withPolicy: r.session === 'policy', withDashboard: r.name === 'AccountHome' && get, withSavedMethods: r.name === 'MakePayment' && get }
  }
}

const formLimit = bodyLimit(DEFAULT_BODY_LIMIT, PAGE_REFUSALS)
/** A claim file's limit, with room for its part headers and the fields before it. */
const fileLimit = bodyLimit(MAX_CLAIM_FILE_BYTES + 64 * KB, PAGE_REFUSALS)
const cardGuard = refuseCardNumbers(PAGE_REFUSALS)
/** A streamed file or an unread body (Make a Payment's no-script form) is not read here: only its query is judged. */
const queryOnlyCardGuard = refuseCardNumbers(PAGE_REFUSALS, { bodies: 'none' })

/** The middleware of a route's pages, from its row of the route table. */
function routeMiddleware(r: Route): MiddlewareHandler<AppEnv>[] {
  const setRoute = createMiddleware<AppEnv>(async (c, next) => {
    c.set('route', r)
    await next()
  })
  return [
    setRoute,
    r.body === 'file' ? fileLimit : formLimit,
    loadSession({ bearer: false, reads: sessionReads(r) }),
    pageCsrf(PAGE_REFUSALS),
    r.body ? queryOnlyCardGuard : cardGuard,
    guards,
  ]
}

/**
 * Mounts the declared pages. A route owns its path and the paths under it, except those of a route
 * nested in it (/manage-policies/remove in /manage-policies): routes are mounted most specific first, and
 * each answers every path it owns (a handler, else the 404 page), so a path meets one route's middleware
 * once. '/' (Login) owns only itself.
 */
export function mountPages(pages: Hono<AppEnv>, declarations: readonly PageDeclaration[]): void {
  const byRoute = new Map<RouteName, PageDeclaration[]>()
  for (const d of declarations) byRoute.set(d.page.name, [...(byRoute.get(d.page.name) ?? []), d])
  const routes = [...byRoute.keys()].map(route).sort((a, b) => b.path.length - a.path.length)
  for (const r of routes) {
    const app = new Hono<AppEnv>()
    const owns = r.path === '/' ? '/' : '*'
    app.use(owns, ...routeMiddleware(r))
    for (const d of byRoute.get(r.name)!) app.route('/', d)
    if (owns === '*') app.all('*', notFoundPage)
    pages.route(r.path, app)
  }
}
