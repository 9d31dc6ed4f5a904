import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { localTimeText } from '../../../shared/clock'
import { pathOf, route } from '../../../shared/routes'
import { renderPage } from '../../render/render-page'
import { endSession, sessionIdleMs } from '../../services/identity/session'
import { clearSessionCookie } from '../../services/identity/session-cookie'
import { audit } from '../../db/audit'
import { currentPolicy } from '../../services/policy/policy-access'
import { readForm } from '../../services/request/read-form'
import { TIMED_OUT } from '../../render/session-timer'
import { definePage } from '../page'
import { useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { logoutTexts } from './texts/sign-in'

/**
 * The time for the no-script case: on the state clock of the policy the session had open (shared/clock.ts),
 * or, with none, on the portal's home clock (America/New_York) with the zone's name; never UTC (issue 35).
 * A tiny nonce'd script rewrites it in the reader's own zone.
 */
export function logoffTime(at: Date, state: string | null): string {
  return localTimeText(at.getTime(), state ?? '')
}

/** The state of the policy the session has open, read before the session ends. */
async function openPolicyState(c: Context<AppEnv>): Promise<string | null> {
  return (await currentPolicy(c.env, c.get('session')))?.state ?? null
}

function LogoutView({ at, state, nonce, timedOut }: { at: Date; state: string | null; nonce: string; timedOut: string | null }) {
  const shown = logoffTime(at, state)
  const t = useTexts(logoutTexts)
  return (
    <section className="card narrow">
      <h1>{t.confirmation}</h1>
      {timedOut && <p role="status">{timedOut}</p>}
      <p>
        {t.loggedOffAt}
        <time dateTime={at.toISOString()} data-local-time>
          {shown}
        </time>
        .
      </p>
      <p>{t.closeBrowser}</p>
      <a className="btn btn--primary" href={pathOf('Login')}>
        {t.logIn}
      </a>
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html:
            "document.querySelectorAll('time[data-local-time]').forEach(function(t){t.textContent=new Date(t.dateTime).toLocaleTimeString([], {hour:'numeric',minute:'2-digit'})})",
        }}
      />
    </section>
  )
}

/** No session: nothing to confirm a time for. */
function LoggedOffView() {
  const t = useTexts(logoutTexts)
  return (
    <section className="card narrow">
      <h1>{t.confirmation}</h1>
      <p>{t.loggedOff}</p>
      <p>{t.closeBrowser}</p>
      <a className="btn btn--primary" href={pathOf('Login')}>
        {t.logIn}
      </a>
    </section>
  )
}

/** A live session: logging out is a POST (no GET changes anything), so the page offers the button. */
function StillSignedInView() {
  const t = useTexts(logoutTexts)
  return (
    <section className="card narrow">
      <h1>{t.logOut}</h1>
      <p>{t.stillSignedIn}</p>
      <form method="post" action={pathOf('Logout')}>
        <button type="submit" className="btn btn--primary">
          {t.logOut}
        </button>
      </form>
    </section>
  )
}

export const logoutPage = definePage('Logout')

/**
 * 'You logged off at…' is said only by the logout POST, which ends the session. Opened by address, the
 * page says what is true: logged off, or still logged in with the Log Out button.
 */
logoutPage.get('/', (c) => {
  c.header('Cache-Control', 'no-store')
  return renderPage(c, c.get('session') ? <StillSignedInView /> : <LoggedOffView />)
})

/**
 * Ends the session. Direct-login users see the confirmation (rendered here, not redirected, so it also
 * works from pages whose exits are limited); SSO users go to the configured partner logout address.
 */
logoutPage.post('/', async (c) => {
  c.header('Cache-Control', 'no-store')
  const session = c.get('session')
  const state = session?.kind === 'sso' ? null : await openPolicyState(c)
  if (session) {
    await endSession(c.env, session.id)
    await audit(c.env, c.get('requestId'), 'logout', session.profileId)
  }
  clearSessionCookie(c)
  c.set('session', null)
  if (session?.kind === 'sso') return c.redirect(c.env.SSO_LOGOUT_URL, 303)
  const timedOut = (await readForm(c)).reason === TIMED_OUT ? logoutTexts[requestLocale(c)].timedOut(Math.round(sessionIdleMs(c.env) / 60_000)) : null
  return renderPage(c, <LogoutView at={new Date()} state={state} nonce={c.get('secureHeadersNonce') ?? ''} timedOut={timedOut} />, {
    route: route('Logout'),
  })
})
