import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { homeRoute, pathOf, route } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { defineTexts } from '../../shared/i18n/catalog'
import { requestLocale } from '../lib/request-locale'

const notFoundTexts = defineTexts(
  {
    heading: 'Page Not Found',
    body: "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
    toLogin: 'Go to Login',
    toAccountHome: 'Go to Account Home',
  },
  {
    heading: 'Página no encontrada',
    body: 'No encontramos la página que buscaba. Es posible que se haya movido o que la dirección tenga un error.',
    toLogin: 'Ir a iniciar sesión',
    toAccountHome: 'Ir al inicio de la cuenta',
  },
)

export function notFoundPage(c: Context<AppEnv>): Response {
  const home = pathOf(homeRoute(c.get('session')?.kind))
  const t = notFoundTexts[requestLocale(c)]
  return renderPage(
    c,
    <section className="card narrow">
      <h1>{t.heading}</h1>
      <p>{t.body}</p>
      <a className="btn btn--primary" href={home}>
        {home === '/' ? t.toLogin : t.toAccountHome}
      </a>
    </section>,
    { status: 404, route: route('NotFound') },
  )
}
