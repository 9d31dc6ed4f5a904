import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { standInsAllowed } from '../../env'
import { pathOf } from '../../../shared/routes'
import { MSG } from '../../../shared/forms/messages'
import { parseLandingQuery, parseSsoParamsCookie, ssoParamsCookieValue } from '../../../shared/sso/schemas/sso'
import { isPpa, landingEntry, landingNextStep, mergeSsoParams, SSO_PARAMS_COOKIE, SSO_TEXT } from '../../../shared/sso/sso'
import { randomToken, sameSecret } from '../../lib/random-token'
import {
  DEFAULT_OPT_OUT_PREFERENCE,
  effectiveOptOutPreference,
  gpcOptsOut,
  optOutCookieValue,
  parseOptOutPreference,
  OPT_OUT_COOKIE,
} from '../../../shared/sso/opt-out'
import { renderPage } from '../../render/render-page'
import { completeSsoLanding } from '../../services/sso/sso-landing'
import { endSession } from '../../services/identity/session'
import { writeSessionCookie } from '../../services/identity/session-cookie'
import { globalFeatures } from '../../services/policy/features'
import { setFlash } from '../../services/request/flash'
import { clientMeta } from '../../services/request/client-meta'
import { background } from '../../lib/background'
import { log } from '../../lib/log'
import { pageIpBurst } from '../../middleware/page-refusals'
import { cameFrom } from './came-from'
import { readForm } from '../../services/request/read-form'
import { definePage } from '../page'
import { newSid, usableSid } from '../../middleware/request-context'
import { useTexts } from '../../render/locale'
import { landingTexts } from './texts'

/** What the landing can say, a key of its texts. */
type LandingMessage = 'badLink' | 'notCompleted' | 'expired'

/**
 * The hand-off waiting for the user's answer: a one-time state and the landing's query, in a cookie
 * only the landing's own path receives (HttpOnly, Secure, Lax, 10 minutes). Lax, because the page that
 * asks is reached by a redirect of a navigation that started on another site.
 */
const HANDOFF_COOKIE = 'ph_sso_handoff'
const HANDOFF_MAX_AGE = 10 * 60
const STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/

function LandingView({ message, homeUrl }: { message: LandingMessage; homeUrl: string }) {
  const t = useTexts(landingTexts)
  return (
    <section className="card narrow sso-landing" aria-labelledby="sso-landing-heading">
      <h1 id="sso-landing-heading">{t.heading}</h1>
      <p role="alert">{t[message]}</p>
      <a className="btn btn--primary" href={homeUrl}>
        {t.returnHome}
      </a>
    </section>
  )
}

function ConfirmView({ state }: { state: string }) {
  const t = useTexts(landingTexts)
  return (
    <section className="card narrow sso-landing" aria-labelledby="sso-landing-heading">
      <h1 id="sso-landing-heading">{t.heading}</h1>
      <p>{t.confirm}</p>
      <form method="post" action={pathOf('SSOProgressiveLanding')}>
        <input type="hidden" name="state" value={state} />
        <button type="submit" name="decision" value="continue" className="btn btn--primary">
          {t.continue}
        </button>{' '}
        <button type="submit" name="decision" value="stay" className="btn btn--secondary">
          {t.stay}
        </button>
      </form>
    </section>
  )
}

/** A token-bearing landing calls the identity service: those count against the per-IP burst limit. */
const limitTokenCalls = createMiddleware<AppEnv>(async (c, next) => {
  const search = new URL(c.req.url).searchParams
  const hasToken = [...search.keys()].some((k) => k.toLowerCase() === 'tokenid')
  return hasToken ? pageIpBurst(c, next) : next()
})

export const landingPage = definePage('SSOProgressiveLanding')

/**
 * SSOProgressiveLanding (spec 000 "SSO landing"), server-side: steps 1 to 7, then a 303 to a clean
 * address, so the token never stays in the address bar, the history or a Referer. The clean address
 * with a waiting hand-off asks whether to replace the live session (decision 126).
 */
landingPage.get('/', limitTokenCalls, async (c) => {
  c.header('Cache-Control', 'no-store')
  const search = new URL(c.req.url).searchParams
  const waiting = readHandoff(c)
  if (waiting && [...search.keys()].length === 0) return renderPage(c, <ConfirmView state={waiting.state} />)
  return land(c, search, false)
})

/** The answer to the question above: the one-time state must match the waiting hand-off. */
landingPage.post('/', pageIpBurst, async (c) => {
  c.header('Cache-Control', 'no-store')
  const form = await readForm(c)
  const waiting = readHandoff(c)
  deleteCookie(c, HANDOFF_COOKIE, { path: pathOf('SSOProgressiveLanding'), secure: true, httpOnly: true, sameSite: 'Lax' })
  if (!waiting || !form.state || !sameSecret(form.state, waiting.state)) {
    log('warn', 'SSO landing: answer without its waiting hand-off', { requestId: c.get('requestId') })
    return renderPage(c, <LandingView message="expired" homeUrl={c.env.SSO_HOME_URL} />, { status: 400 })
  }
  if (form.decision !== 'continue') return c.redirect(pathOf('AccountHome'), 303)
  return land(c, new URLSearchParams(waiting.query), true)
})

function readHandoff(c: Context<AppEnv>): { state: string; query: string } | null {
  const raw = getCookie(c, HANDOFF_COOKIE)
  const at = raw?.indexOf('|') ?? -1
  if (!raw || at < 0) return null
  const state = raw.slice(0, at)
  return STATE_PATTERN.test(state) ? { state, query: raw.slice(at + 1) } : null
}

function newState(): string {
  return randomToken(32)
}

/**
 * Steps 1 to 7. Nothing here ends the session the browser already has: only a landing that started its
 * new session does, and only once that exchange succeeded. A hand-off that would replace a live session
 * and did not start on this portal (Sec-Fetch-Site, which no other site can forge) first waits for the
 * user's answer, unless `confirmed`.
 */
async function land(c: Context<AppEnv>, search: URLSearchParams, confirmed: boolean): Promise<Response> {
  const requestId = c.get('requestId')
  const parsed = parseLandingQuery(search)
  if (!parsed.ok) {
    log('warn', 'SSO landing: invalid parameters', { requestId, error: parsed.error })
    return renderPage(c, <LandingView message="badLink" homeUrl={c.env.SSO_HOME_URL} />, { status: 400 })
  }
  const { tokenid, ...query } = parsed.value
  const saved = parseSsoParamsCookie(getCookie(c, SSO_PARAMS_COOKIE))

  // Step 1: nothing to sign in with.
  const entry = landingEntry({
    hasToken: Boolean(tokenid),
    hasSavedParams: saved !== null,
    hasPolicyId: Boolean(query.policyId),
    fromTestSso: cameFrom(c, 'TestSSO'),
  })
  if (entry === 'account-home') return c.redirect(pathOf('AccountHome'), 303)

  const params = mergeSsoParams(query, saved)
  const standIns = standInsAllowed(c.env, c.req.raw)
  if (params.fakePingResponse && !standIns) log('warn', 'SSO landing: fakePingResponse refused', { requestId, environment: c.env.ENVIRONMENT })
  const fake = params.fakePingResponse === true && standIns

  // Step 2: a fresh sign-in; the browser's current session stays until the new one exists.
  const previous = c.get('session')
  // A tracking id the request context would accept as a SID becomes the SID.
  if (usableSid(params.tracking_id)) c.set('sid', params.tracking_id)
  else if (!tokenid) c.set('sid', newSid())

  // Step 3: the opt-out preference (GPC means opted out), and the parameters for the way back.
  const gpc = gpcOptsOut(c.req.header('Sec-GPC'))
  const preference = effectiveOptOutPreference(parseOptOutPreference(params.PgrOptOutPref) ?? DEFAULT_OPT_OUT_PREFERENCE, gpc)
  if (query.policyId || gpc) {
    setCookie(c, OPT_OUT_COOKIE, optOutCookieValue(preference), { path: '/', secure: true, sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 })
  }

  // Step 4.
  const next = landingNextStep({ ppa: isPpa(params.PPA), hasToken: Boolean(tokenid), fake })
  if (next !== 'exchange') {
    if (query.policyId) {
      // Not secure-flagged, as the spec says; HttpOnly, since only the server reads it.
      setCookie(c, SSO_PARAMS_COOKIE, ssoParamsCookieValue(params), { path: '/', secure: false, httpOnly: true, sameSite: 'Lax', maxAge: 30 * 60 })
    }
    if (next === 'ping-login') return c.redirect(c.env.PING_LOGIN_URL, 303)
    // Never render a page whose address holds a token.
    if (tokenid) return c.redirect(pathOf('SSOProgressiveLanding'), 303)
    return renderPage(c, <LandingView message="notCompleted" homeUrl={c.env.SSO_HOME_URL} />, { status: 400 })
  }

  if (previous && !confirmed && c.req.header('Sec-Fetch-Site') !== 'same-origin') {
    // Another site cannot replace (or end) this browser's session: the user is asked first.
    setCookie(c, HANDOFF_COOKIE, `${newState()}|${search.toString()}`, {
      path: pathOf('SSOProgressiveLanding'),
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: HANDOFF_MAX_AGE,
    })
    log('info', 'SSO landing: waiting for the user to replace the live session', { requestId })
    return c.redirect(pathOf('SSOProgressiveLanding'), 303)
  }

  if (saved) deleteCookie(c, SSO_PARAMS_COOKIE, { path: '/', secure: false, httpOnly: true, sameSite: 'Lax' })
  const features = await globalFeatures(c.env)
  const outcome = await completeSsoLanding(
    c.env,
    { ...(tokenid ? { tokenId: tokenid } : {}), params, fake, features, gpc, meta: clientMeta(c) },
    { background: background(c) },
  )
  if (outcome.kind === 'landed') {
    // Only now, with the new session started, does the previous one (direct or SSO) end.
    if (previous) await endSession(c.env, previous.id)
    c.set('session', null)
    writeSessionCookie(c, outcome.accountToken)
    return c.redirect(pathOf(outcome.route), 303)
  }
  if (outcome.kind === 'denied') {
    await setFlash(c, { text: SSO_TEXT.accessDenied, isError: true })
    return c.redirect(pathOf('Error'), 303)
  }
  if (outcome.kind === 'issue') {
    await setFlash(c, { text: MSG.issue502, isError: true, productionRedirect: true })
    return c.redirect(pathOf('SystemMessage'), 303)
  }
  return c.redirect(pathOf('Error'), 303)
}
