import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../../types'
import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, type Locale } from '../../../shared/i18n/locale'
import { profileLanguage, setProfileLanguage } from '../../db/identity/profiles'

/** The choice lives a year in this browser (it holds only 'en' or 'es'). */
const LANGUAGE_MAX_AGE_S = 365 * 24 * 60 * 60

function writeLanguageCookie(c: Context<AppEnv>, locale: Locale): void {
  setCookie(c, LANGUAGE_COOKIE, locale, { path: '/', secure: true, sameSite: 'Lax', httpOnly: true, maxAge: LANGUAGE_MAX_AGE_S })
}

/** The header's choice (issue 36): this browser's cookie, and the profile of a direct sign-in (its mails follow it). */
export async function chooseLanguage(c: Context<AppEnv>, locale: Locale): Promise<void> {
  writeLanguageCookie(c, locale)
  const session = c.get('session')
  if (session?.kind === 'direct' && session.profileId) await setProfileLanguage(c.env.DB, session.profileId, locale)
}

/**
 * Signing in (decision 230): a profile that chose Spanish brings it to this browser. The column's default
 * is English, so English there cannot be told from no choice: a profile still at English takes a Spanish
 * chosen in this browser before signing in (the header's choice on the login page), so its mails follow.
 */
export async function languageAtSignIn(c: Context<AppEnv>, profileId: string): Promise<void> {
  const chosen = await profileLanguage(c.env.DB, profileId)
  const browser = getCookie(c, LANGUAGE_COOKIE)
  if (chosen !== DEFAULT_LOCALE) {
    if (browser !== chosen) writeLanguageCookie(c, chosen)
  } else if (isLocale(browser) && browser !== DEFAULT_LOCALE) {
    await setProfileLanguage(c.env.DB, profileId, browser)
  }
}
