/**
 * Dates and times as the policyholder sees them: on the clock of the policy's state, not the server's
 * UTC. A signature at 7 pm in California is dated that day, although in UTC it is already the next.
 * Every date or time a policyholder reads or types (e-sign's dateSigned, a claim's report time and date
 * of loss, the 5-day mitigation window, payment dates) goes through here. Intl.DateTimeFormat knows the
 * time zones in the browser and in Workers alike; no library (docs/decisions/062-one-clock.md).
 */

/** The state's most populous zone; a policy names a state, not a county. */
const STATE_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/Kentucky/Louisville',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
}

const DEFAULT_ZONE = 'America/New_York'
const DAY_MS = 86_400_000
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** IANA time zone for a US state/territory code as the policyholder sees it (the state's most populous zone); unknown codes -> 'America/New_York'. */
export function stateTimeZone(state: string): string {
  return STATE_ZONES[state.trim().toUpperCase()] ?? DEFAULT_ZONE
}

/** The calendar date 'YYYY-MM-DD' at instant `at` (ms since epoch) in the state's time zone. */
export function localDate(at: number, state: string): string {
  return localDateTime(at, state).date
}

/** Date 'YYYY-MM-DD' and time 'HH:mm' (24 h) at `at` in the state's time zone. */
export function localDateTime(at: number, state: string): { date: string; time: string } {
  const w = wallClock(at, stateTimeZone(state))
  return { date: `${pad(w.year, 4)}-${pad(w.month, 2)}-${pad(w.day, 2)}`, time: `${pad(w.hour, 2)}:${pad(w.minute, 2)}` }
}

/** 'HH:mm' (or 'HH:mm:ss') -> 'h:mm AM': the one clock face the portal shows (issue 35: no 24-hour times). */
export function twelveHourTime(time: string): string {
  const [h = '0', m = '00'] = time.split(':')
  const hour = Number(h)
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m} ${hour < 12 ? 'AM' : 'PM'}`
}

/** The zone's short name at that instant ('EST', 'PDT'; 'GMT-5' where the zone has none). */
const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>()

function zoneAbbreviation(at: number, state: string): string {
  const zone = stateTimeZone(state)
  let f = zoneNameFormatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    zoneNameFormatters.set(zone, f)
  }
  const part = f.formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')
  return part?.value ?? ''
}

/**
 * An instant as people read it here: 'MM/dd/yyyy h:mm AM' on the clock of the policy's state. Without a
 * policy (state '') the portal's home zone, America/New_York, and the zone's name is added so the reader
 * knows whose clock it is (issue 35, decision 223: never UTC, never a 24-hour face).
 */
export function localDateTimeText(at: number, state: string, withZone = state === ''): string {
  const { date, time } = localDateTime(at, state)
  const [y, mo, d] = date.split('-')
  return `${mo}/${d}/${y} ${twelveHourTime(time)}${withZone ? ` ${zoneAbbreviation(at, state)}` : ''}`
}

/** Only the date of localDateTimeText: 'MM/dd/yyyy' on the same clock. */
export function localDateText(at: number, state: string): string {
  const [y, mo, d] = localDate(at, state).split('-')
  return `${mo}/${d}/${y}`
}

/** Only the time of localDateTimeText: 'h:mm AM', with the zone's name when there is no policy. */
export function localTimeText(at: number, state: string, withZone = state === ''): string {
  return `${twelveHourTime(localDateTime(at, state).time)}${withZone ? ` ${zoneAbbreviation(at, state)}` : ''}`
}

/** Whole calendar days from date a to date b ('YYYY-MM-DD'); negative when b is before a. */
export function daysBetween(a: string, b: string): number {
  return (utcMidnight(b) - utcMidnight(a)) / DAY_MS
}

// ---------------------------------------------------------------- internals

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formatters.set(zone, f)
  }
  return f
}

/**
 * The wall clocks read lately, by zone and minute: a page reads the same instant's date many times (issue
 * 38: formatToParts was a tenth of a millisecond of Account Home), and since standard time every zone here
 * is offset from UTC by whole minutes, so one minute of UTC is one minute of the wall clock. Before it
 * (local mean time, offsets in seconds: New York until 1883, Detroit until 1905, Pago Pago at -11:22:48
 * until 1911, the last of the zones here in the tz data) an instant is read alone.
 */
const recentWallClocks = new Map<string, Readonly<WallClock>>()
const MAX_RECENT_WALL_CLOCKS = 256
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1912, 0, 1)

function wallClock(at: number, zone: string): WallClock {
  if (!Number.isFinite(at)) throw new RangeError(`not an instant: ${at}`)
  const key = at >= WHOLE_MINUTE_OFFSETS_SINCE ? `${zone} ${Math.floor(at / 60_000)}` : null
  const known = key === null ? undefined : recentWallClocks.get(key)
  if (known) return { ...known }
  const w: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 }
  for (const part of formatterFor(zone).formatToParts(at)) {
    if (part.type in w) w[part.type as keyof WallClock] = Number(part.value)
  }
  if (key === null) return w
  if (recentWallClocks.size >= MAX_RECENT_WALL_CLOCKS) recentWallClocks.clear()
  recentWallClocks.set(key, { ...w })
  return w
}

/** 'YYYY-MM-DD' -> ms of that date's midnight in UTC; a date that does not exist (02-30) is refused. */
function utcMidnight(date: string): number {
  const m = DATE_PATTERN.exec(date)
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
    const ms = utc(y, mo, d)
    const back = new Date(ms)
    if (back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d) return ms
  }
  throw new RangeError(`not a date 'YYYY-MM-DD': "${date}"`)
}

/** Date.UTC without its 0-99 -> 1900-1999 year mapping; month 1-12. */
function utc(year: number, month: number, day: number): number {
  return new Date(0).setUTCFullYear(year, month - 1, day)
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}
