import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { route, type RouteName } from '../../shared/routes'
import { renderPage } from '../render/render-page'

/**
 * Screens whose issues are still open: their routes, titles and guards are real; the page says it is
 * not built yet. Mounted after the real pages, so a page that lands wins; its entry then leaves this list.
 */
const PLACEHOLDER_ROUTES: readonly RouteName[] = []

export const placeholderPages = new Hono<AppEnv>()

for (const name of PLACEHOLDER_ROUTES) {
  const r = route(name)
  placeholderPages.get(r.path, (c) =>
    renderPage(
      c,
      <section className="card narrow">
        <h1>{r.page}</h1>
        <p>This page is not available yet. We are building it; in the meantime please call us at {c.env.SUPPORT_PHONE} for help.</p>
      </section>,
    ),
  )
}
