import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { pathOf } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { takeFlash } from '../services/flash'
import { endSession } from '../services/session'
import { clearSessionCookie } from '../services/session-cookie'
import { MSG } from '../../shared/schemas/messages'
import { telHref } from '../render/tel-links'

/** The generic Error page (spec 000 "Error page"); a flashed message (e.g. 'Access to policy denied.') shows above. */
function ErrorView({ detail, session, phone }: { detail: string | null; session: 'none' | 'direct' | 'sso'; phone: string }) {
  return (
    <section className="card narrow error-page" aria-labelledby="error-heading">
      <img src="/img/error.svg" alt="" width="96" height="96" />
      <h1 id="error-heading">{MSG.unexpectedError}</h1>
      {detail && <p role="alert">{detail}</p>}
      <p>
        If you need help, please call us at <a className="tel" href={telHref(phone)}>{phone}</a>.
      </p>
      {session === 'none' ? (
        // No session: Account Home would only answer 'Session Ended', so the way back is Login (issue 12).
        <a className="btn btn--primary" href={pathOf('Login')}>Return to Login</a>
      ) : session === 'direct' ? (
        <form method="post" action={pathOf('Error')}>
          <button type="submit" className="btn btn--primary">Return to Login</button>
        </form>
      ) : (
        <a className="btn btn--primary" href={pathOf('AccountHome')}>Return to Account Home</a>
      )}
    </section>
  )
}

export const errorPage = new Hono<AppEnv>()

errorPage.get(pathOf('Error'), async (c) => {
  const flash = await takeFlash(c)
  const session = c.get('session')
  return renderPage(c, <ErrorView detail={flash?.text ?? null} session={session?.kind ?? 'none'} phone={c.env.SUPPORT_PHONE} />)
})

/** 'Return to Login' resets the stored data (ends the session) and goes to Login. */
errorPage.post(pathOf('Error'), async (c) => {
  const session = c.get('session')
  if (session) await endSession(c.env, session.id)
  clearSessionCookie(c)
  return c.redirect(pathOf('Login'), 303)
})
