import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { standInsAllowed } from '../env'
import { outboxApp } from './outbox'
import { mountStandIns } from './stand-ins'
import { stylesApp } from './styles'
import { policyDocumentsStandIn } from './policy-documents'
import { clockApp } from './clock'
import { runScheduledWork } from '../services/scheduled-work'
import { requestContext } from '../middleware/request-context'
import { securityHeaders } from '../middleware/security-headers'
import { bodyLimit, DEFAULT_BODY_LIMIT } from '../middleware/body-limit'
import { loadSession } from '../middleware/session'
import { PAGE_REFUSALS } from '../middleware/page-refusals'

/**
 * Local stand-ins for outside systems (ARCHITECTURE section 6), under /__dev. They start with the
 * portal and exist only in local development, asked from loopback: every path here is a 404 in any
 * deployed environment (staging included) and for any other caller (decision 120).
 */
export function createDevApp(): Hono<AppEnv> {
  const devApp = new Hono<AppEnv>()
  devApp.use('*', async (c, next) => {
    if (!standInsAllowed(c.env, c.req.raw)) return c.json({ errorMessage: 'Not found.' }, 404)
    await next()
  })
  // Its pages render with the portal's layout: the pages' context, without the guards of the route table.
  mountStandIns(devApp, [requestContext({ sidCookie: true }), securityHeaders, bodyLimit(DEFAULT_BODY_LIMIT, PAGE_REFUSALS), loadSession({ bearer: false })])
  // The portal's own tools (not outside systems): its outbox, clock, styles, scheduled work.
  devApp.route('/outbox', outboxApp)
  devApp.route('/styles', stylesApp)
  devApp.route('/policy-documents', policyDocumentsStandIn)
  devApp.route('/clock', clockApp)
  // What the cron trigger runs, on demand (wrangler's /cdn-cgi/handler/scheduled fails locally with [assets]).
  devApp.post('/scheduled', async (c) => c.json(await runScheduledWork(c.env), 200, { 'Cache-Control': 'no-store' }))
  devApp.all('*', (c) => c.json({ errorMessage: 'Not found.' }, 404))
  return devApp
}
