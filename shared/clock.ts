/**
 * TEMPORARY (payments branch): a minimal clock with the exports the foundation's clock module will
 * have; the lead keeps the foundation's version at merge. Dates as the policyholder sees them: the
 * policy's state decides the time zone. Pure (Intl only): no Date.now() here, callers pass the instant.
 */

/** The main IANA zone of each state (50 + DC); states split across zones use their most populous one. */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago',
  KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago',
  NV: 'America/Los_Angeles', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
  NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
  UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver',
}

/** The policy state's time zone; an unknown state falls back to Eastern time (the insurer's office). */
export function stateTimeZone(state: string): string {
  return STATE_ZONES[state.toUpperCase()] ?? 'America/New_York'
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsAt(at: number, zone: string): Record<string, string> {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit',
    })
    formatters.set(zone, f)
  }
  return Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]))
}

/** The calendar date (yyyy-mm-dd) in the state at an instant (epoch ms). */
export function localDate(at: number, state: string): string {
  return localDateTime(at, state).date
}

/** The date (yyyy-mm-dd) and wall-clock time (HH:mm:ss, 24 h) in the state at an instant. */
export function localDateTime(at: number, state: string): { date: string; time: string } {
  const p = partsAt(at, stateTimeZone(state))
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` }
}

function utcDay(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) throw new Error(`not a yyyy-mm-dd date: ${date}`)
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000
}

/** Whole calendar days from a to b (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return utcDay(b) - utcDay(a)
}

/** The instant (epoch ms) of a wall-clock date and time (HH:mm or HH:mm:ss) in the state. */
export function instantOf(date: string, time: string, state: string): number {
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time)
  if (!t) throw new Error(`not a HH:mm time: ${time}`)
  const wall = utcDay(date) * 86_400_000 + (Number(t[1]) * 3600 + Number(t[2]) * 60 + Number(t[3] ?? 0)) * 1000
  const zone = stateTimeZone(state)
  // The zone's offset at that wall time; twice, so an instant next to a DST change settles.
  let at = wall
  for (let i = 0; i < 2; i++) at = wall - offsetAt(at, zone)
  return at
}

function offsetAt(at: number, zone: string): number {
  const p = partsAt(at, zone)
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second))
  return asUtc - Math.floor(at / 1000) * 1000
}
