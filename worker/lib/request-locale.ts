import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { getCookie } from 'hono/cookie'
import { isLocale, LANGUAGE_COOKIE, negotiateLocale, type Locale } from '../../shared/i18n/locale'

/**
 * The language of this request's answer (issue 36, decision 229): the choice remembered in this browser's
 * cookie, else the browser's Accept-Language. Signing in copies the profile's choice into the cookie, so a
 * person's choice follows them to a new browser. Read once per request.
 */
export function requestLocale(c: Context): Locale {
  const known = c.get('locale') as Locale | undefined
  if (known) return known
  const remembered = getCookie(c, LANGUAGE_COOKIE)
  const locale = isLocale(remembered) ? remembered : negotiateLocale(c.req.header('Accept-Language'))
  c.set('locale', locale)
  return locale
}

/**
 * The language of a /v1 operation's answer, records and files: the page's for the portal's own pages (a
 * cookie session), the spec's English for an API caller (a bearer token: the app, partners), whatever its
 * Accept-Language says: /v1 speaks English (README, decision 229), and what a signature or consent records
 * as shown must be what a person was shown.
 */
export function operationLocale(c: Context<AppEnv>): Locale {
  return c.get('authVia') === 'cookie' ? requestLocale(c) : 'en'
}
