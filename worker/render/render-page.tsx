import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../types'
import type { Policy } from '../../shared/policy/schemas/policy'
import { homeRoute, pageTitle, pathOf, sameSiteReturnPath, undeclaredIslands, type Route } from '../../shared/routes'
import { Document } from './document'
import { publicSettings, type LayoutContext } from './context'
import { createIslandCollector, IslandCollectorProvider } from './island'
import { partnerFlag } from './partner-flag'
import { LocaleContext } from './locale'
import { requestLocale } from '../lib/request-locale'
import { outcomeTexts } from './texts/pages'

export interface RenderOptions {
  status?: 200 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503
  /** Overrides the route's title (e.g. the session-ended page shown at a guarded path). */
  title?: string
  /**
   * A result the title says before the spec's '<Page> - ProgHome' (issue 21, WCAG 2.4.2): 'Error: Make a
   * Payment - ProgHome', 'Success: System Message - ProgHome' (decision 183).
   */
  outcome?: TitleOutcome
  route?: Route
  policy?: Policy | null
  /** The profile's flag (Account Home); on policy pages the loaded policy's flag is used when not given. */
  sendToProgressive?: boolean
}

type TitleOutcome = 'Success' | 'Error' | 'Pending'

/** Remembers, for this browser session, which partner notice already opened the 'Great News!' modal. */
const GREAT_NEWS_COOKIE = 'ph_great_news'

/** Server-renders a page inside the layout; private pages are never cached. */
export function renderPage(c: Context<AppEnv>, body: ReactNode, opts: RenderOptions = {}): Response {
  const route = opts.route ?? c.get('route')
  const policy = opts.policy === undefined ? (c.get('policy') ?? null) : opts.policy
  const session = c.get('session') ?? null
  const sendToProgressive = opts.sendToProgressive ?? partnerFlag(c) ?? false
  const partnerNotice = sendToProgressive && !route.layout.hidePartnerBanner && session !== null
  const noticeKey = policy?.policyID ?? 'profile'
  const greatNewsOpen = partnerNotice && getCookie(c, GREAT_NEWS_COOKIE) !== noticeKey
  if (greatNewsOpen) setCookie(c, GREAT_NEWS_COOKIE, noticeKey, { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' })
  const locale = requestLocale(c)
  const url = new URL(c.req.url)
  // The language choice comes back here; a 404 (or an address too long to post back) goes home instead.
  const home = pathOf(homeRoute(session?.kind))
  const returnTo = route.name === 'NotFound' ? home : (sameSiteReturnPath(url.pathname + url.search) ?? home)
  const ctx: LayoutContext = {
    route,
    title: `${opts.outcome ? `${outcomeTexts[locale][opts.outcome]}: ` : ''}${opts.title ?? pageTitle(route, locale)}`,
    session,
    sendToProgressive,
    greatNewsOpen,
    policy,
    // The guards read it with the loaded policy; a page that names another policy shows none.
    pendingPayment: opts.policy === undefined ? (c.get('pendingPayment') ?? null) : null,
    autopay: opts.policy === undefined ? (c.get('autopay') ?? null) : null,
    settings: publicSettings(c.env),
    nonce: c.get('secureHeadersNonce') ?? '',
    locale,
    returnTo,
  }
  const collector = createIslandCollector()
  const html = renderToString(
    <LocaleContext.Provider value={ctx.locale}>
      <IslandCollectorProvider value={collector}>
        <Document ctx={ctx}>{body}</Document>
      </IslandCollectorProvider>
    </LocaleContext.Provider>,
  )
  // A page renders only the islands its route declares (perf:size weighs it with those): anything else is a programming error.
  const undeclared = undeclaredIslands(route, [...collector.used, ...collector.scripts])
  if (undeclared.length > 0) throw new Error(`${route.name} renders islands its route does not declare: ${undeclared.join(', ')}`)
  c.header('Cache-Control', 'no-store')
  return c.html(`<!doctype html>${html}`, opts.status ?? 200)
}
