import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from './types'
import { checkEnv } from './env'
import { requestContext } from './middleware/request-context'
import { securityHeaders } from './middleware/security-headers'
import { loadSession } from './middleware/session'
import { csrfProtection } from './middleware/csrf'
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
import { paymentPages } from './pages/payments'
import { devApp } from './dev'
import { notFoundPage } from './pages/not-found'
import { serverErrorResponse } from './pages/server-error'
import { log } from './services/log'

export function createApp() {
  const app = new Hono<AppEnv>({ strict: false })

  app.use('*', async (c, next) => {
    checkEnv(c.env)
    await next()
  })
  app.use('*', requestContext, securityHeaders, loadSession, csrfProtection)

  app.route('/v1', api)
  app.route('/__dev', devApp)

  app.use('*', async (c, next) => (/^\/(v1|__dev)\//.test(c.req.path) ? next() : guards(c, next)))
  app.route('/', loginPage)
  app.route('/', logoutPage)
  app.route('/', accountHomePage)
  app.route('/', errorPage)
  app.route('/', systemMessagePage)
  app.route('/', profilePages)
  app.route('/', ssoPages)
  app.route('/', servicingPages)
  app.route('/', esignPages)
  app.route('/', paymentPages)
  app.route('/', placeholderPages)

  app.notFound((c) => (c.req.path.startsWith('/v1/') ? c.json({ errorMessage: 'Not found.' }, 404) : notFoundPage(c)))

  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse()
    if (err instanceof URIError || err instanceof SyntaxError) {
      return c.req.path.startsWith('/v1/') ? c.json({ errorMessage: 'Malformed request.' }, 400) : c.text('Malformed request.', 400)
    }
    log('error', 'unhandled error', { requestId: c.get('requestId'), path: c.req.path, error: String(err), stack: err.stack?.split('\n').slice(0, 5).join(' | ') })
    return serverErrorResponse(c)
  })

  return app
}
