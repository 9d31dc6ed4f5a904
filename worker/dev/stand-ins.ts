import type { Hono, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { PAGE_REFUSALS } from '../middleware/page-refusals'
import { CROSS_SITE_REFUSED } from '../middleware/csrf'
import { mailApi } from './mail-api'
import { mailboxApp } from './mailbox'
import { identityStandIn } from './identity'
import { partnerLogsStandIn } from './partner-logs'
import { optOutStandIn } from './opt-out'
import { paymentsStandIn } from './payments'
import { claimsSystemStandIn } from './claims-system/stand-in'
import { vendorsStandIn } from './vendors'
import { smsStandIn } from './sms/stand-in'
import { policyAdminStandIn } from './policy-admin/stand-in'

/**
 * A state-changing request to a stand-in comes from a server (an adapter: no Origin, no Referer) or
 * from the stand-in's own pages; one a browser sends from another site is refused. (Browsers send
 * Origin with every POST, so a cross-site form cannot pass as a server.)
 */
const standInCsrf = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
  const origin = c.req.header('Origin') ?? refererOrigin(c.req.header('Referer'))
  if (origin !== undefined && origin !== new URL(c.req.url).origin) return PAGE_REFUSALS.crossSite(c, CROSS_SITE_REFUSED)
  return next()
})

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return 'null'
  }
}

/**
 * The outside systems' stand-ins (decision 191), mounted in the portal under /__dev and, for the
 * deployed-shape tests, in a process of their own (worker/dev/server.ts): the same code either way.
 * `pageMiddleware` runs before their pages and APIs; the mail API comes first, with its own body limit.
 */
export function mountStandIns(app: Hono<AppEnv>, pageMiddleware: MiddlewareHandler<AppEnv>[]): void {
  app.use('/mail/*', standInCsrf)
  app.route('/mail', mailApi)
  app.use('*', ...pageMiddleware, standInCsrf)
  app.route('/mailbox', mailboxApp)
  app.route('/identity', identityStandIn)
  app.route('/partner-logs', partnerLogsStandIn)
  app.route('/opt-out', optOutStandIn)
  app.route('/payments', paymentsStandIn)
  app.route('/claims-system', claimsSystemStandIn)
  app.route('/vendors', vendorsStandIn)
  app.route('/sms', smsStandIn)
  app.route('/policy-admin', policyAdminStandIn)
}
