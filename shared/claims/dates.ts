import { daysBetween, localDateTime } from '../clock'
import { CLAIM_MSG } from './messages'
import { formatDateIn } from '../i18n/format'
import type { Locale } from '../i18n/locale'

/**
 * Dates of the claim forms (spec 001 sections 4, 5, 9). Inside the forms a date is ISO `yyyy-mm-dd`
 * (what `<input type="date">` holds) and a time `HH:mm`; "today" and "now" are the policyholder's,
 * from shared/clock.ts with the policy's state. The submission carries the spec's formats:
 * dates `MM/dd/yyyy`, the report time `MM/dd/yyyy hh:mm:ss a`.
 */

export interface PolicyPeriod {
  effectiveDate: string
  expirationDate: string
}

/** Spec 001 section 9: the mitigation window is 5 days or fewer. */
export const MITIGATION_WINDOW_DAYS = 5

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** A real calendar date in `yyyy-mm-dd` (not 2026-02-30), year 1900 or later. */
export function isRealIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

function isTime(value: string): boolean {
  return TIME.test(value)
}

/** `yyyy-mm-dd` -> `MM/dd/yyyy`. */
export function isoToUs(iso: string): string {
  const m = ISO_DATE.exec(iso)
  return m ? `${m[2]}/${m[3]}/${m[1]}` : ''
}

/**
 * `MM/dd/yyyy` -> `yyyy-mm-dd`, or '' when it is not exactly one: nothing may follow the date (issue 20
 * item 3: a 50,000-character date of loss passed when only its first 10 characters were read).
 */
export function usToIso(us: string): string {
  const m = US_DATE.exec(us)
  return m ? `${m[3]}-${m[1]}-${m[2]}` : ''
}

/** `HH:mm` (+ seconds) -> `hh:mm:ss AM|PM`. */
export function twelveHour(time: string, seconds = 0): string {
  const [h, m] = time.split(':').map(Number)
  const hour = h! % 12 === 0 ? 12 : h! % 12
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(hour)}:${pad(m!)}:${pad(seconds)} ${h! < 12 ? 'AM' : 'PM'}`
}

/**
 * The report time in the spec's format (`MM/dd/yyyy hh:mm:ss a`), on the policyholder's clock; shown in
 * Spanish its date names the month ('23 nov 2026 09:20:00 AM', decision 229). The submission keeps the spec's.
 */
export function reportTimestamp(at: number, state: string, locale: Locale = 'en'): string {
  const { date, time } = localDateTime(at, state)
  return `${locale === 'en' ? isoToUs(date) : formatDateIn(locale, date)} ${twelveHour(time, Math.floor(at / 1000) % 60)}`
}

/** A flood date of loss with its time, in the report-time format. */
export function lossDateTimeText(date: string, time: string): string {
  return `${isoToUs(date)} ${twelveHour(time)}`
}

/**
 * The date-of-loss rules of spec 001 section 5 (all forms): required, a real date, not in the future.
 * Returns the message, or null when the date may be used. `today` is the policyholder's date.
 */
export function lossDateProblem(value: string, today: string): string | null {
  if (value.trim() === '') return CLAIM_MSG.lossDateRequired
  if (!isRealIsoDate(value)) return CLAIM_MSG.lossDateInvalid
  if (value > today) return CLAIM_MSG.lossDateFuture
  return null
}

/**
 * Flood date of loss with a time (spec 001 section 4 "Flood claim flow"): the date rules above, plus a
 * time today that is still to come counts as the future. A missing time is not a problem of the date.
 */
export function floodLossProblem(date: string, time: string, now: { date: string; time: string }): string | null {
  const problem = lossDateProblem(date, now.date)
  if (problem) return problem
  if (date === now.date && isTime(time) && time > now.time) return CLAIM_MSG.lossDateFuture
  return null
}

/**
 * Spec 001 section 4 "Homeowners claim flow" step 1 and "Flood claim flow": leaving the date of loss
 * with an empty, invalid or future date clears it. Returns the value to keep and the message to show.
 */
export function lossDateOnLeave(value: string, today: string): { value: string; message: string | null } {
  const message = lossDateProblem(value, today)
  return { value: message ? '' : value, message }
}

/** Within the policy period, both ends included. Outside it the forms warn (spec 001 section 4). */
function withinPolicyPeriod(date: string, period: PolicyPeriod): boolean {
  return date >= period.effectiveDate && date <= period.expirationDate
}

/** The warning a valid date outside the policy period gets, or null. */
export function policyPeriodWarning(date: string, period: PolicyPeriod): string | null {
  return isRealIsoDate(date) && !withinPolicyPeriod(date, period) ? CLAIM_MSG.lossDateOutsidePeriod : null
}

/**
 * Days between the loss and today (spec 001 section 4 step 2, "the day difference between now and the
 * loss date"), as a distance: the loss is never in the future once validated.
 */
export function daysSinceLoss(lossDate: string, today: string): number {
  return Math.abs(daysBetween(lossDate, today))
}
