import type { Context } from 'hono'
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
