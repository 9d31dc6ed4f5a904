import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import type { AppEnv } from '../types'
import type { Policy } from '../../shared/schemas/policy'
import { pageTitle, type Route } from '../../shared/routes'
import { Document } from './document'
import { publicSettings, type LayoutContext } from './context'
import { createIslandCollector, IslandCollectorProvider } from './island'

export interface RenderOptions {
  status?: 200 | 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 502 | 503
  /** Overrides the route's title (e.g. the session-ended page shown at a guarded path). */
  title?: string
  route?: Route
  policy?: Policy | null
  sendToProgressive?: boolean
}

/** Server-renders a page inside the layout; private pages are never cached. */
export function renderPage(c: Context<AppEnv>, body: ReactNode, opts: RenderOptions = {}): Response {
  const route = opts.route ?? c.get('route')
  const ctx: LayoutContext = {
    route,
    title: opts.title ?? pageTitle(route),
    session: c.get('session'),
    sendToProgressive: opts.sendToProgressive ?? false,
    policy: opts.policy === undefined ? c.get('policy') : opts.policy,
    settings: publicSettings(c.env),
    nonce: c.get('secureHeadersNonce') ?? '',
  }
  const collector = createIslandCollector()
  const html = renderToString(
    <IslandCollectorProvider value={collector}>
      <Document ctx={ctx}>{body}</Document>
    </IslandCollectorProvider>,
  )
  c.header('Cache-Control', 'no-store')
  return c.html(`<!doctype html>${html}`, opts.status ?? 200)
}
