import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from './types'
import { checkEnv } from './env'
import { requestContext } from './middleware/request-context'
import { securityHeaders } from './middleware/security-headers'
import { loadSession } from './middleware/session'
import { csrfProtection } from './middleware/csrf'
import { bodyLimit, BodyTooLargeError, tooLargeResponse } from './middleware/body-limit'
import { routeLimits } from './middleware/rate-limit'
import { guards } from './middleware/guards'
import { api } from './api'
import { loginPage } from './pages/login'
import { logoutPage } from './pages/logout'
import { accountHomePage } from './pages/account-home'
import { errorPage } from './pages/error'
import { systemMessagePage } from './pages/system-message'
import { placeholderPages } from './pages/placeholders'
import { profilePages } from './pages/profile'
import { ssoPages } from './pages/sso'
import { servicingPages } from './pages/servicing'
import { esignPages } from './pages/esign'
import { claimsPages } from './pages/claims'
import { paymentPages } from './pages/payments'
import { devApp } from './dev'
import { notFoundPage } from './pages/not-found'
import { serverErrorResponse } from './pages/server-error'
import { log } from './services/log'
import { isStoreError } from './services/store-failure'
import { MSG } from '../shared/schemas/messages'
import { refuseCardNumbers } from './services/payment-card-guard'
import { clearFlashOnNavigation } from './services/flash'
import { version } from '../package.json'
import { isPagePath } from '../shared/routes'

export function createApp() {
  const app = new Hono<AppEnv>({ strict: false })

  app.use('*', async (c, next) => {
    checkEnv(c.env)
    await next()
  })
  // Before every other middleware: no session, no storage, no body; the reference for perf:load (decision 140).
  app.get('/healthz', (c) => c.json({ status: 'ok', version }, 200, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }))
  app.use('*', requestContext, securityHeaders, bodyLimit, loadSession, csrfProtection, routeLimits)
  // Card numbers reach MakePayment only (decision 113).
  app.use('*', refuseCardNumbers)

  app.route('/v1', api)
  app.route('/__dev', devApp)

  app.use('*', async (c, next) => (isPagePath(c.req.path) ? clearFlashOnNavigation(c, next) : next()))
  app.use('*', async (c, next) => (isPagePath(c.req.path) ? guards(c, next) : next()))
  app.route('/', loginPage)
  app.route('/', logoutPage)
  app.route('/', accountHomePage)
  app.route('/', errorPage)
  app.route('/', systemMessagePage)
  app.route('/', profilePages)
  app.route('/', ssoPages)
  app.route('/', servicingPages)
  app.route('/', esignPages)
  app.route('/', claimsPages)
  app.route('/', paymentPages)
  app.route('/', placeholderPages)

  app.notFound((c) => (c.req.path.startsWith('/v1/') ? c.json({ errorMessage: 'Not found.' }, 404) : notFoundPage(c)))

  app.onError((err, c) => {
    const onApi = c.req.path.startsWith('/v1/')
    if (err instanceof BodyTooLargeError) return tooLargeResponse(c)
    // The API always answers JSON: a parser's or middleware's HTTPException (malformed JSON, for one) too.
    if (err instanceof HTTPException) return onApi && !err.res ? c.json({ errorMessage: apiErrorMessage(err) }, err.status) : err.getResponse()
    if (err instanceof URIError || err instanceof SyntaxError) {
      return onApi ? c.json({ errorMessage: 'Malformed request.' }, 400) : c.text('Malformed request.', 400)
    }
    // Our database failed: the call may simply be made again (decision 144). A page without its own
    // form handling (formWork) still goes to the Error route.
    if (onApi && isStoreError(err)) {
      log('error', 'store failure', { requestId: c.get('requestId'), path: c.req.path, error: String(err).slice(0, 200) })
      return c.json({ errorMessage: MSG.storeUnavailable }, 503)
    }
    log('error', 'unhandled error', {
      requestId: c.get('requestId'),
      path: c.req.path,
      error: String(err),
      stack: err.stack?.split('\n').slice(0, 5).join(' | '),
    })
    return serverErrorResponse(c)
  })

  return app
}

/** Hono's own texts ('Malformed JSON in request body') are for developers; callers get ours. */
function apiErrorMessage(err: HTTPException): string {
  if (err.status === 400) return 'Malformed request.'
  if (err.status === 413) return 'The request is too large.'
  return err.message || 'The request was refused.'
}
