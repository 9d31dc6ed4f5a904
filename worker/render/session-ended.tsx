import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { pathOf, titled } from '../../shared/routes'
import { requestLocale } from '../lib/request-locale'
import { useTexts } from './locale'
import { renderPage } from './render-page'
import { sessionEndedTexts } from './texts/pages'

/** Spec 000's session-ended handling: the message and the way back to Login (the guards and System Message show it). */
function SessionEndedView() {
  const t = useTexts(sessionEndedTexts)
  return (
    <section className="card narrow system-message" aria-labelledby="se-heading">
      <h1 id="se-heading">{t.heading}</h1>
      <p role="alert">{t.message}</p>
      <a className="btn btn--primary" href={pathOf('Login')}>
        {t.returnToLogin}
      </a>
    </section>
  )
}

/** The session-ended page in place at the path asked for (status 401), titled 'Session Ended - ProgHome' in the page's language. */
export function sessionEndedPage(c: Context<AppEnv>): Response {
  return renderPage(c, <SessionEndedView />, { status: 401, title: titled(sessionEndedTexts[requestLocale(c)].heading) })
}
