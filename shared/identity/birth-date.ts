/**
 * Date of birth (spec 000 section 5 "Register and Add policy"): it must match yyyy-mm-dd or yyyy/mm/dd
 * and be a real date; a future date is rejected. The browser's date input submits yyyy-mm-dd.
 */
const DATE_PATTERN = /^(\d{4})([-/])(\d{2})\2(\d{2})$/

/** The date as yyyy-mm-dd, or null when it does not match the formats or is not a real date. */
export function parseBirthDate(input: string): string | null {
  const m = DATE_PATTERN.exec(input.trim())
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[3]), Number(m[4])]
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return null
  const date = new Date(Date.UTC(y, mo - 1, d))
  date.setUTCFullYear(y)
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null
  return `${m[1]}-${m[3]}-${m[4]}`
}

/** yyyy-mm-dd strings compare as dates. */
export function isFutureDate(isoDate: string, todayIso: string): boolean {
  return isoDate > todayIso
}

/**
 * "Today" for the future-date check and the input's maximum: the calendar date in the earliest time zone
 * (UTC+14), so nobody anywhere is told their own today is in the future.
 */
export function latestCalendarDate(nowMs: number): string {
  return new Date(nowMs + 14 * 3_600_000).toISOString().slice(0, 10)
}
