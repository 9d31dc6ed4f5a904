import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../../types'
import { LANGUAGE_COOKIE, languageAtSignIn as decideAtSignIn, type Locale } from '../../../shared/i18n/locale'
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

/** Signing in: the profile's choice and this browser's meet (shared/i18n/locale.ts languageAtSignIn decides). */
export async function languageAtSignIn(c: Context<AppEnv>, profileId: string): Promise<void> {
  const write = decideAtSignIn(await profileLanguage(c.env.DB, profileId), getCookie(c, LANGUAGE_COOKIE))
  if (write.cookie) writeLanguageCookie(c, write.cookie)
  if (write.profile) await setProfileLanguage(c.env.DB, profileId, write.profile)
}
