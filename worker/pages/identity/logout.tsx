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
  return (
    <section className="card narrow">
      <h1>Log Out Confirmation</h1>
      {timedOut && <p role="status">{timedOut}</p>}
      <p>
        {'You logged off at '}
        <time dateTime={at.toISOString()} data-local-time>
          {shown}
        </time>
        .
      </p>
      <p>For your security, please close your browser.</p>
      <a className="btn btn--primary" href={pathOf('Login')}>
        Log In
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

/** Ours (decision 127): the Logout address opened while the session still works. */
const LOGOUT_TEXT = {
  stillSignedIn: 'You are still logged in. Select Log Out to end your session.',
  loggedOff: 'You are logged off.',
} as const

/**
 * Issue 21 item 9: the timer ended the session, not the person; a claim being typed was kept (decision
 * 105). The minutes are the session's (15, or locally SESSION_IDLE_MINUTES).
 */
export function timedOutText(idleMinutes: number): string {
  return (
    `For your security, your session ended after ${idleMinutes} minutes without activity. ` +
    'If you were reporting a claim, what you typed was kept: log in again and choose Continue your claim.'
  )
}

/** No session: nothing to confirm a time for. */
function LoggedOffView() {
  return (
    <section className="card narrow">
      <h1>Log Out Confirmation</h1>
      <p>{LOGOUT_TEXT.loggedOff}</p>
      <p>For your security, please close your browser.</p>
      <a className="btn btn--primary" href={pathOf('Login')}>
        Log In
      </a>
    </section>
  )
}

/** A live session: logging out is a POST (no GET changes anything), so the page offers the button. */
function StillSignedInView() {
  return (
    <section className="card narrow">
      <h1>Log Out</h1>
      <p>{LOGOUT_TEXT.stillSignedIn}</p>
      <form method="post" action={pathOf('Logout')}>
        <button type="submit" className="btn btn--primary">
          Log Out
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
  const timedOut = (await readForm(c)).reason === TIMED_OUT ? timedOutText(Math.round(sessionIdleMs(c.env) / 60_000)) : null
  return renderPage(c, <LogoutView at={new Date()} state={state} nonce={c.get('secureHeadersNonce') ?? ''} timedOut={timedOut} />, {
    route: route('Logout'),
  })
})
