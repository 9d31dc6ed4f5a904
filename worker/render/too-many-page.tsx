import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { renderPage } from './render-page'
import { matchRoute } from '../../shared/routes'
import { messageIn } from '../../shared/i18n/messages'
import { requestLocale } from '../lib/request-locale'
import { tooManyTexts } from './texts/pages'

/**
 * A page form past a rate limit (decision 125): the portal's own page with the message as an alert and a
 * way back to the form (the browser's Back keeps what was typed), not a bare text answer. The caller sets
 * Retry-After.
 */
export function tooManyPage(c: Context<AppEnv>, message: string): Response {
  const locale = requestLocale(c)
  const t = tooManyTexts[locale]
  return renderPage(
    c,
    <section className="card narrow">
      <h1>{t.heading}</h1>
      <div className="alert alert--error" role="alert">
        {messageIn(locale, message)}
      </div>
      <a className="btn btn--primary" href={c.req.path}>
        {t.back}
      </a>
    </section>,
    // Limits run before the guards name the route.
    { status: 429, route: c.get('route') ?? matchRoute(c.req.path), policy: null },
  )
}
