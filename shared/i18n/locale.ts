/**
 * The portal's languages (issue 36, decision 229): English, as the specs give every text, and Spanish for
 * policyholders who read it best. One choice per person, remembered in a cookie and in the profile; a
 * first visit follows the browser's Accept-Language.
 */
export const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'en'

/** The cookie that remembers the choice in this browser (not httpOnly-sensitive: it holds only 'en' or 'es'). */
export const LANGUAGE_COOKIE = 'ph_lang'

/** `<html lang>`, a PDF's /Lang and every Intl formatter: US English and US Spanish. */
export const LANGUAGE_TAG: Record<Locale, string> = { en: 'en-US', es: 'es-US' }

/** Each language's name in itself, as the language choice shows it. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', es: 'Español' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * The language a first visit gets from an Accept-Language header (RFC 9110 12.5.4): the supported language
 * of the highest weight ('es-MX;q=0.9' counts as Spanish), English when none is supported or the header is
 * missing or malformed. Ties keep the header's order.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE
  let best: { locale: Locale; q: number } | null = null
  for (const part of acceptLanguage.slice(0, 512).split(',')) {
    const [range = '', ...params] = part.trim().split(';')
    const primary = range.trim().toLowerCase().split('-')[0]
    if (!isLocale(primary)) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam ? Number(qParam.slice(2)) : 1
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue
    if (!best || q > best.q) best = { locale: primary, q }
  }
  return best?.locale ?? DEFAULT_LOCALE
}

/**
 * Signing in (decision 230): which language wins, the profile's or this browser's. A profile that chose
 * Spanish brings it to the browser; the column's default is English, so English there cannot be told from
 * no choice, and a profile still at English takes a Spanish chosen in this browser before signing in.
 * Returns what to write: the browser's cookie, the profile, or neither.
 */
export function languageAtSignIn(profile: Locale, browser: string | undefined): { cookie?: Locale; profile?: Locale } {
  if (profile !== DEFAULT_LOCALE) return browser === profile ? {} : { cookie: profile }
  return isLocale(browser) && browser !== DEFAULT_LOCALE ? { profile: browser } : {}
}
