import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { isProduction } from '../env'
import { mailboxApp } from './mailbox'
import { identityStandIn } from './identity'
import { partnerLogsStandIn } from './partner-logs'
import { paymentsStandIn } from './payments'

/**
 * Local stand-ins for outside systems (ARCHITECTURE section 6), under /__dev. They start with the
 * portal and do not exist in production: every path here is a 404 when ENVIRONMENT=production.
 */
export const devApp = new Hono<AppEnv>()

devApp.use('*', async (c, next) => {
  if (isProduction(c.env)) return c.json({ errorMessage: 'Not found.' }, 404)
  await next()
})
devApp.route('/mailbox', mailboxApp)
devApp.route('/identity', identityStandIn)
devApp.route('/partner-logs', partnerLogsStandIn)
devApp.route('/payments', paymentsStandIn)
