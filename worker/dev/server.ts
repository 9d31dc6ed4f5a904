import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { standInsAllowed } from '../env'
import { requestContext } from '../middleware/request-context'
import { securityHeaders } from '../middleware/security-headers'
import { bodyLimit, DEFAULT_BODY_LIMIT } from '../middleware/body-limit'
import { PAGE_REFUSALS } from '../middleware/page-refusals'
import { mountStandIns } from './stand-ins'

/**
 * The outside systems' stand-ins as a process of their own (decision 191): the same code the portal
 * mounts under /__dev, served at the root of another port, for a portal started as deployed (whose
 * settings may not name a /__dev address) to reach over real HTTP. Started by tests/deployed/start.mjs
 * with tests/deployed/stand-ins.wrangler.toml; local development only, loopback only, like /__dev.
 * No portal session here: the browser's cookies for 127.0.0.1 are the portal's, and stay untouched.
 */
const app = new Hono<AppEnv>({ strict: false })
app.use('*', async (c, next) => {
  if (!standInsAllowed(c.env, c.req.raw)) return c.json({ errorMessage: 'Not found.' }, 404)
  await next()
})
mountStandIns(app, [requestContext({ sidCookie: false }), securityHeaders, bodyLimit(DEFAULT_BODY_LIMIT, PAGE_REFUSALS)])
app.get('/healthz', (c) => c.json({ status: 'ok', standIns: true }))
app.all('*', (c) => c.json({ errorMessage: 'Not found.' }, 404))

export default { fetch: app.fetch }
