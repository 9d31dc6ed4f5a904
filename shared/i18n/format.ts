import { LANGUAGE_TAG, type Locale } from './locale'
import { formatMinutes } from '../format'

/**
 * Dates, amounts and numbers in a language, through Intl (issue 36). English keeps the portal's formats
 * (shared/format.ts: MM/dd/yyyy, $1,234.56); Spanish writes a date with its month's name ('28 nov 2026'),
 * since 11/12 and 12/11 read differently in Mexico and in the United States.
 */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>()

/** `yyyy-mm-dd` (or an ISO instant, its date part) -> '11/28/2026' or '28 nov 2026'; anything else unchanged. */
export function formatDateIn(locale: Locale, iso: string | null | undefined): string {
  if (!iso) return ''
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!m) return iso
  if (locale === 'en') return `${m[2]}/${m[3]}/${m[1]}`
  let f = dateFormats.get(locale)
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_TAG[locale], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    dateFormats.set(locale, f)
  }
  return f.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))))
}

const moneyFormats = new Map<Locale, Intl.NumberFormat>()

/** Integer cents -> '$1,234.56' in both languages (US Spanish writes dollars as US English does). */
export function formatUsdIn(locale: Locale, cents: number): string {
  let f = moneyFormats.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: 'currency', currency: 'USD' })
    moneyFormats.set(locale, f)
  }
  return f.format(cents / 100)
}

/** A wait in minutes, as a sentence says it: 'a minute' / '5 minutes', 'un minuto' / '5 minutos'. */
export function formatMinutesIn(locale: Locale, minutes: number): string {
  if (locale === 'en') return formatMinutes(minutes)
  return minutes <= 1 ? 'un minuto' : `${minutes} minutos`
}
