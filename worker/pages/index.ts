import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../types'
import { canonicalPath, matchRoute } from '../../shared/routes'
import { requestContext } from '../middleware/request-context'
import { securityHeaders } from '../middleware/security-headers'
import { loadSession } from '../middleware/session'
import { BodyTooLargeError } from '../middleware/body-limit'
import { PAGE_REFUSALS } from '../middleware/page-refusals'
import { clearFlashOnNavigation } from '../services/request/flash'
import { log } from '../lib/log'
import { mountPages } from './page'
import { PAGES } from './declarations'
import { notFoundPage } from './not-found'
import { serverErrorResponse } from './server-error'

/**
 * A path no page serves: another spelling of a route's path (its case) goes to the route's own (308,
 * the rest of the path kept); anything else is the 404 page.
 */
async function unserved(c: Context<AppEnv>): Promise<Response> {
  const owner = matchRoute(c.req.path)
  if (owner.name !== 'NotFound' && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
    const canonical = canonicalPath(owner, c.req.path)
    if (canonical !== c.req.path) return c.redirect(canonical + new URL(c.req.url).search, 308)
  }
  return notFoundPage(c)
}

/**
 * The HTML side (decision 160): cookies, the flash message, then each declared page (worker/pages/
 * declarations.ts) with the middleware of its route (page.ts: body limit, session, origin check, card
 * guard, the route table's guards) and HTML error pages. Every path it is asked for is a page path.
 */
export function createPages(): Hono<AppEnv> {
  const pages = new Hono<AppEnv>({ strict: false })
  pages.use('*', requestContext({ sidCookie: true }), securityHeaders, clearFlashOnNavigation)
  mountPages(pages, PAGES)
  pages.all('*', loadSession({ bearer: false }), unserved)
  pages.onError((err, c) => {
    if (err instanceof BodyTooLargeError) return PAGE_REFUSALS.tooLarge(c)
    if (err instanceof HTTPException) return err.getResponse()
    if (err instanceof URIError || err instanceof SyntaxError) return c.text('Malformed request.', 400)
    log('error', 'unhandled error', {
      requestId: c.get('requestId'),
      path: c.req.path,
      error: String(err),
      stack: err.stack?.split('\n').slice(0, 5).join(' | '),
    })
    return serverErrorResponse(c)
  })
  return pages
}
