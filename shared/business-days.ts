/**
 * Calendar and business days on dates 'YYYY-MM-DD' (the policy state's clock, shared/clock.ts), and the
 * one list of US federal holidays (5 U.S.C. 6103(a)) with their observed days (6103(b): a holiday on a
 * Saturday is observed the Friday before, on a Sunday the Monday after). A business day is a weekday
 * that is not an observed federal holiday (decision 212: why federal and not each state's own list).
 * Arithmetic on UTC midnights, so no daylight-saving change shifts a day.
 */
const DAY_MS = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function dayNumber(iso: string): number {
  const m = ISO_DATE.exec(iso)
  if (!m) throw new RangeError(`not a yyyy-mm-dd date: ${iso}`)
  const ms = new Date(0).setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  if (new Date(ms).toISOString().slice(0, 10) !== iso) throw new RangeError(`no such date: ${iso}`)
  return ms / DAY_MS
}

const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)
const weekdayOf = (day: number) => new Date(day * DAY_MS).getUTCDay()
const ymd = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

/** The `n`th (1-based) `weekday` (0 Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = dayNumber(ymd(year, month, 1))
    return isoOf(first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7)
  }
  const last = dayNumber(ymd(year, month + 1, 1)) - 1
  return isoOf(last - ((weekdayOf(last) - weekday + 7) % 7))
}

/** A fixed-date holiday moved to the weekday it is observed on. */
function observed(iso: string): string {
  const day = dayNumber(iso)
  const wd = weekdayOf(day)
  return isoOf(wd === 6 ? day - 1 : wd === 0 ? day + 1 : day)
}

/** The observed federal holidays of a year's holidays, by name (New Year's Day of `year + 1` may fall on Dec 31 of `year`). */
export function usFederalHolidays(year: number): { date: string; name: string }[] {
  return [
    { date: observed(ymd(year, 1, 1)), name: "New Year's Day" },
    { date: nthWeekday(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    { date: observed(ymd(year, 6, 19)), name: 'Juneteenth National Independence Day' },
    { date: observed(ymd(year, 7, 4)), name: 'Independence Day' },
    { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    { date: observed(ymd(year, 11, 11)), name: 'Veterans Day' },
    { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { date: observed(ymd(year, 12, 25)), name: 'Christmas Day' },
  ]
}

const holidaySets = new Map<number, Set<string>>()

/** Whether the date is an observed federal holiday (this year's list, and next year's New Year's Day observed on Dec 31). */
export function isFederalHoliday(iso: string): boolean {
  const year = Number(iso.slice(0, 4))
  let set = holidaySets.get(year)
  if (!set) {
    set = new Set([...usFederalHolidays(year), ...usFederalHolidays(year + 1).slice(0, 1)].map((h) => h.date).filter((d) => d.startsWith(String(year))))
    holidaySets.set(year, set)
  }
  return set.has(iso)
}

/** Monday to Friday and not an observed federal holiday. */
export function isBusinessDay(iso: string): boolean {
  const wd = weekdayOf(dayNumber(iso))
  return wd !== 0 && wd !== 6 && !isFederalHoliday(iso)
}

/** `from` plus `days` calendar days. */
export function addCalendarDays(from: string, days: number): string {
  return isoOf(dayNumber(from) + days)
}

/** The `days`th business day after `from` (`from` itself never counts: the day of the event is day 0). */
export function addBusinessDays(from: string, days: number): string {
  let day = dayNumber(from)
  for (let left = days; left > 0; ) {
    day++
    if (isBusinessDay(isoOf(day))) left--
  }
  return isoOf(day)
}
