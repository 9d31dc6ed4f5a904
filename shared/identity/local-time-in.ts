import { localDate, localDateText, localDateTimeText } from '../clock'
import { formatDateIn } from '../i18n/format'
import type { Locale } from '../i18n/locale'

/**
 * The identity pages' and mails' instants in a language (issue 36): English exactly as shared/clock.ts
 * writes it ('11/28/2026 3:45 PM'); Spanish with the month named ('28 nov 2026 3:45 PM'), on the same
 * clock (the policy's state, or the portal's home zone, named).
 */
export function localDateTimeIn(locale: Locale, at: number, state: string, withZone = state === ''): string {
  const english = localDateTimeText(at, state, withZone)
  if (locale === 'en') return english
  // localDateTimeText starts with the 10 characters of MM/dd/yyyy; the rest (time, zone) reads the same.
  return `${formatDateIn(locale, localDate(at, state))}${english.slice(10)}`
}

/** Only the date of localDateTimeIn. */
export function localDateIn(locale: Locale, at: number, state: string): string {
  return locale === 'en' ? localDateText(at, state) : formatDateIn(locale, localDate(at, state))
}
