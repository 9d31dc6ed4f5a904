import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { pathOf, route } from '../../shared/routes'
import { renderPage } from '../render/render-page'

export function notFoundPage(c: Context<AppEnv>): Response {
  const home = c.get('session')?.kind === 'direct' ? pathOf('AccountHome') : pathOf('Login')
  return renderPage(
    c,
    <section className="card narrow">
      <h1>Page Not Found</h1>
      <p>We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      <a className="btn btn--primary" href={home}>
        {home === '/' ? 'Go to Login' : 'Go to Account Home'}
      </a>
    </section>,
    { status: 404, route: route('NotFound') },
  )
}
