import { Hono } from 'hono'
import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../types'
import { standInsAllowed } from '../../env'
import { pathOf } from '../../../shared/routes'
import { MSG } from '../../../shared/schemas/messages'
import { parseLandingQuery, parseSsoParamsCookie, ssoParamsCookieValue } from '../../../shared/schemas/sso'
import { isPpa, landingEntry, landingNextStep, mergeSsoParams, SSO_PARAMS_COOKIE, SSO_TEXT } from '../../../shared/policy/sso'
import {
  DEFAULT_OPT_OUT_PREFERENCE, effectiveOptOutPreference, gpcOptsOut, optOutCookieValue, parseOptOutPreference, OPT_OUT_COOKIE,
} from '../../../shared/policy/opt-out'
import { renderPage } from '../../render/render-page'
import { completeSsoLanding } from '../../services/sso-landing'
import { endSession } from '../../services/session'
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../../services/session-cookie'
import { globalFeatures } from '../../services/features'
import { setFlash } from '../../services/flash'
import { clientMeta } from '../../services/client-meta'
import { background } from '../../services/background'
import { log } from '../../services/log'
import { ipBurstLimit } from '../../middleware/rate-limit'
import { cameFrom } from './came-from'

/** The session-id (SID) shape the request context accepts; a tracking id of that shape becomes the SID. */
const SID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/

export const LANDING_TEXT = {
  badLink: 'This sign-in link is not valid. Please return to the site you came from and try again.',
  notCompleted: 'We could not complete your sign-in from this link. Please return to the site you came from and try again.',
} as const

function LandingView({ message, homeUrl }: { message: string; homeUrl: string }) {
  return (
    <section className="card narrow sso-landing" aria-labelledby="sso-landing-heading">
      <h1 id="sso-landing-heading">Signing In</h1>
      <p role="alert">{message}</p>
      <a className="btn btn--primary" href={homeUrl}>Return to Account Home</a>
    </section>
  )
}

/** A token-bearing landing calls the identity service: those count against the per-IP burst limit. */
const limitTokenCalls = createMiddleware<AppEnv>(async (c, next) => {
  const search = new URL(c.req.url).searchParams
  const hasToken = [...search.keys()].some((k) => k.toLowerCase() === 'tokenid')
  return hasToken ? ipBurstLimit(c, next) : next()
})

export const landingPage = new Hono<AppEnv>()

/**
 * SSOProgressiveLanding (spec 000 "SSO landing"), server-side: steps 1 to 7, then a 303 to a clean
 * address, so the token never stays in the address bar, the history or a Referer.
 */
landingPage.get(pathOf('SSOProgressiveLanding'), limitTokenCalls, async (c) => {
  c.header('Cache-Control', 'no-store')
  const requestId = c.get('requestId')
  const parsed = parseLandingQuery(new URL(c.req.url).searchParams)
  if (!parsed.ok) {
    log('warn', 'SSO landing: invalid parameters', { requestId, error: parsed.error })
    return renderPage(c, <LandingView message={LANDING_TEXT.badLink} homeUrl={c.env.SSO_HOME_URL} />, { status: 400 })
  }
  const { tokenid, ...query } = parsed.value
  const saved = parseSsoParamsCookie(getCookie(c, SSO_PARAMS_COOKIE))

  // Step 1: nothing to sign in with.
  const entry = landingEntry({ hasToken: Boolean(tokenid), hasSavedParams: saved !== null, hasPolicyId: Boolean(query.policyId), fromTestSso: cameFrom(c, 'TestSSO') })
  if (entry === 'account-home') return c.redirect(pathOf('AccountHome'), 303)

  const params = mergeSsoParams(query, saved)
  const standIns = standInsAllowed(c.env, c.req.raw)
  if (params.fakePingResponse && !standIns) log('warn', 'SSO landing: fakePingResponse refused', { requestId, environment: c.env.ENVIRONMENT })
  const fake = params.fakePingResponse === true && standIns

  // Step 2 (and PPA=yes clearing direct login): a landing always starts a fresh sign-in.
  const previous = c.get('session')
  if (previous) await endSession(c.env, previous.id)
  c.set('session', null)
  const hadSessionCookie = readSessionCookie(c) !== undefined
  const features = await globalFeatures(c.env)
  if (params.tracking_id && SID_PATTERN.test(params.tracking_id)) c.set('sid', params.tracking_id)
  else if (!tokenid) c.set('sid', crypto.randomUUID())

  // Step 3: the opt-out preference (GPC means opted out), and the parameters for the way back.
  const gpc = gpcOptsOut(c.req.header('Sec-GPC'))
  const preference = effectiveOptOutPreference(parseOptOutPreference(params.PgrOptOutPref) ?? DEFAULT_OPT_OUT_PREFERENCE, gpc)
  if (query.policyId || gpc) {
    setCookie(c, OPT_OUT_COOKIE, optOutCookieValue(preference), { path: '/', secure: true, sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 })
  }

  // Step 4.
  const next = landingNextStep({ ppa: isPpa(params.PPA), hasToken: Boolean(tokenid), fake })
  if (next !== 'exchange') {
    if (hadSessionCookie) clearSessionCookie(c)
    if (query.policyId) {
      // Not secure-flagged, as the spec says; HttpOnly, since only the server reads it.
      setCookie(c, SSO_PARAMS_COOKIE, ssoParamsCookieValue(params), { path: '/', secure: false, httpOnly: true, sameSite: 'Lax', maxAge: 30 * 60 })
    }
    if (next === 'ping-login') return c.redirect(c.env.PING_LOGIN_URL, 303)
    // Never render a page whose address holds a token.
    if (tokenid) return c.redirect(pathOf('SSOProgressiveLanding'), 303)
    return renderPage(c, <LandingView message={LANDING_TEXT.notCompleted} homeUrl={c.env.SSO_HOME_URL} />, { status: 400 })
  }

  if (saved) deleteCookie(c, SSO_PARAMS_COOKIE, { path: '/', secure: false, httpOnly: true, sameSite: 'Lax' })
  const outcome = await completeSsoLanding(
    c.env,
    { ...(tokenid ? { tokenId: tokenid } : {}), params, fake, features, gpc, meta: clientMeta(c) },
    { background: background(c) },
  )
  if (outcome.kind === 'landed') {
    writeSessionCookie(c, outcome.accountToken)
    return c.redirect(pathOf(outcome.route), 303)
  }
  if (hadSessionCookie) clearSessionCookie(c)
  if (outcome.kind === 'denied') {
    await setFlash(c, { text: SSO_TEXT.accessDenied, isError: true })
    return c.redirect(pathOf('Error'), 303)
  }
  if (outcome.kind === 'issue') {
    await setFlash(c, { text: MSG.issue502, isError: true, productionRedirect: true })
    return c.redirect(pathOf('SystemMessage'), 303)
  }
  return c.redirect(pathOf('Error'), 303)
})
