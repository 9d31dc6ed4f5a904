/**
 * Card expiration (spec 001 section 4 "Make a Payment", section 5 "Card", section 9): months 01-12,
 * years 12 starting with the current year, and 'a month already past in the current year' is expired.
 * `today` is yyyy-mm-dd in the policyholder's time zone (shared/clock.ts localDate).
 */
const EXPIRY_YEAR_COUNT = 12

export const EXPIRY_MONTHS: readonly string[] = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))

function yearMonth(today: string): { year: number; month: number } {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(today)
  if (!m) throw new Error(`not a yyyy-mm-dd date: ${today}`)
  return { year: Number(m[1]), month: Number(m[2]) }
}

export function expiryYears(today: string): string[] {
  const { year } = yearMonth(today)
  return Array.from({ length: EXPIRY_YEAR_COUNT }, (_, i) => String(year + i))
}

/** A card good through the end of month/year is expired when that month is before today's month. */
export function isExpired(month: string, year: string, today: string): boolean {
  const now = yearMonth(today)
  const y = Number(year)
  const m = Number(month)
  return y < now.year || (y === now.year && m < now.month)
}

/** Spec 001 section 3 "Payment payload": expirationDate is month/01/year, e.g. 07/01/2029. */
export function expirationDate(month: string, year: string): string {
  return `${month}/01/${year}`
}

/** '07/01/2029' -> { month: '07', year: '2029' }; null when it is not that shape. */
export function parseExpirationDate(value: string): { month: string; year: string } | null {
  const m = /^(0[1-9]|1[0-2])\/01\/(\d{4})$/.exec(value)
  return m ? { month: m[1]!, year: m[2]! } : null
}
