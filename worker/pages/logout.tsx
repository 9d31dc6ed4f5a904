import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { pathOf, route } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { endSession } from '../services/session'
import { clearSessionCookie } from '../services/session-cookie'
import { audit } from '../services/audit'

/** Formats the time for the no-script case; a tiny nonce'd script rewrites it in the reader's zone. */
function LogoutView({ at, nonce }: { at: Date; nonce: string }) {
  const utc = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }) + ' UTC'
  return (
    <section className="card narrow">
      <h1>Log Out Confirmation</h1>
      <p>
        You logged off at <time dateTime={at.toISOString()} data-local-time>{utc}</time>.
      </p>
      <p>For your security, please close your browser.</p>
      <a className="btn btn--primary" href={pathOf('Login')}>Log In</a>
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
export const LOGOUT_TEXT = {
  stillSignedIn: 'You are still logged in. Select Log Out to end your session.',
  loggedOff: 'You are logged off.',
} as const

/** No session: nothing to confirm a time for. */
function LoggedOffView() {
  return (
    <section className="card narrow">
      <h1>Log Out Confirmation</h1>
      <p>{LOGOUT_TEXT.loggedOff}</p>
      <p>For your security, please close your browser.</p>
      <a className="btn btn--primary" href={pathOf('Login')}>Log In</a>
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
        <button type="submit" className="btn btn--primary">Log Out</button>
      </form>
    </section>
  )
}

export const logoutPage = new Hono<AppEnv>()

/**
 * 'You logged off at…' is said only by the logout POST, which ends the session. Opened by address, the
 * page says what is true: logged off, or still logged in with the Log Out button.
 */
logoutPage.get(pathOf('Logout'), (c) => {
  c.header('Cache-Control', 'no-store')
  return renderPage(c, c.get('session') ? <StillSignedInView /> : <LoggedOffView />)
})

/**
 * Ends the session. Direct-login users see the confirmation (rendered here, not redirected, so it also
 * works from pages whose exits are limited); SSO users go to the configured partner logout address.
 */
logoutPage.post(pathOf('Logout'), async (c) => {
  c.header('Cache-Control', 'no-store')
  const session = c.get('session')
  if (session) {
    await endSession(c.env, session.id)
    await audit(c.env, c.get('requestId'), 'logout', session.profileId)
  }
  clearSessionCookie(c)
  c.set('session', null)
  if (session?.kind === 'sso') return c.redirect(c.env.SSO_LOGOUT_URL, 303)
  return renderPage(c, <LogoutView at={new Date()} nonce={c.get('secureHeadersNonce') ?? ''} />, { route: route('Logout') })
})
