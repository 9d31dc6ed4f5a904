import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../types'
import { matchRoute } from '../../shared/routes'
import { requestContext } from '../middleware/request-context'
import { securityHeaders } from '../middleware/security-headers'
import { loadSession } from '../middleware/session'
import { pageCsrf } from '../middleware/csrf'
import { bodyLimit, BodyTooLargeError, DEFAULT_BODY_LIMIT, KB } from '../middleware/body-limit'
import { MAX_CLAIM_FILE_BYTES } from '../../shared/claims/uploads'
import { guards } from '../middleware/guards'
import { refuseCardNumbers } from '../middleware/card-guard'
import { clearFlashOnNavigation } from '../services/request/flash'
import { log } from '../lib/log'
import { PAGE_REFUSALS } from '../middleware/page-refusals'
import { loginPage } from './identity/login'
import { signInCodePage } from './identity/sign-in-code'
import { logoutPage } from './identity/logout'
import { accountHomePage } from './policy/account-home'
import { errorPage } from './error'
import { systemMessagePage } from './system-message'
import { placeholderPages } from './placeholders'
import { profilePages } from './identity'
import { ssoPages } from './sso'
import { servicingPages } from './policy'
import { esignPages } from './esign'
import { claimsPages } from './claims'
import { paymentPages } from './payments'
import { accessibilityPage } from './accessibility'
import { verifyInsurancePage } from './policy/verify-insurance'
import { serverErrorResponse } from './server-error'

/** The route of the route table that owns the path: the rest of the pipeline reads it from the context. */
const owningRoute = createMiddleware<AppEnv>(async (c, next) => {
  c.set('route', matchRoute(c.req.path))
  await next()
})

/**
 * A policy page brings its loaded policy in the session's own round trip (decision 141), Account Home its
 * rows (142), Make a Payment the profile's saved methods too.
 */
const sessionReads = (c: Context<AppEnv>) => {
  const route = c.get('route')
  const get = c.req.method === 'GET'
  return { withPolicy: route.session === 'policy', withDashboard: route.name === 'AccountHome' && get, withSavedMethods: route.name === 'MakePayment' && get }
}

/**
 * Every form's text fields and every query are judged (decision 165), except the bodies the route table
 * says are not read here (a streamed file, Make a Payment's no-script form): only their query.
 */
const cardGuard = refuseCardNumbers(PAGE_REFUSALS)
const queryOnlyCardGuard = refuseCardNumbers(PAGE_REFUSALS, { bodies: 'none' })
const refuseCardNumbersOnForms = createMiddleware<AppEnv>(async (c, next) => (c.get('route').body ? queryOnlyCardGuard(c, next) : cardGuard(c, next)))

/** A form's body limit, or a claim file's (with room for its part headers and the fields before it). */
const formLimit = bodyLimit(DEFAULT_BODY_LIMIT, PAGE_REFUSALS)
const fileLimit = bodyLimit(MAX_CLAIM_FILE_BYTES + 64 * KB, PAGE_REFUSALS)
const limitBody = createMiddleware<AppEnv>(async (c, next) => (c.get('route').body === 'file' ? fileLimit(c, next) : formLimit(c, next)))

/**
 * The HTML side (decision 160): cookies, the origin check for forms, the flash message, the route
 * table's guards and HTML error pages. Every path it is asked for is a page path.
 */
export function createPages(): Hono<AppEnv> {
  const pages = new Hono<AppEnv>({ strict: false })
  pages.use(
    '*',
    requestContext({ sidCookie: true }),
    securityHeaders,
    owningRoute,
    limitBody,
    loadSession({ bearer: false, reads: sessionReads }),
    pageCsrf(PAGE_REFUSALS),
    refuseCardNumbersOnForms,
    clearFlashOnNavigation,
    guards,
  )
  for (const page of [
    loginPage,
    signInCodePage,
    logoutPage,
    accountHomePage,
    errorPage,
    systemMessagePage,
    profilePages,
    ssoPages,
    servicingPages,
    esignPages,
    claimsPages,
    paymentPages,
    accessibilityPage,
    verifyInsurancePage,
    placeholderPages,
  ])
    pages.route('/', page)
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
