/**
 * TEMPORARY (claims branch): a minimal clock with the exact exports the foundation's shared/clock.ts
 * has. The lead keeps the foundation's version at merge; nothing here may grow beyond these signatures.
 *
 * Dates as the policyholder sees them: the policy's state decides the time zone.
 */

/** One IANA zone per state (its most populous zone), DC included. */
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

const DAY_MS = 86_400_000

export function stateTimeZone(state: string): string {
  return STATE_ZONES[state.toUpperCase()] ?? 'America/New_York'
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsAt(at: number, zone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    })
    formatters.set(zone, f)
  }
  const p: Record<string, number> = {}
  for (const part of f.formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value)
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour! % 24, mi: p.minute! }
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

export function localDate(at: number, state: string): string {
  return localDateTime(at, state).date
}

export function localDateTime(at: number, state: string): { date: string; time: string } {
  const p = partsAt(at, stateTimeZone(state))
  return { date: `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`, time: `${pad(p.h)}:${pad(p.mi)}` }
}

function utcDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number)
  return Date.UTC(y!, m! - 1, d!)
}

/** Calendar days from `a` to `b` (yyyy-mm-dd): positive when b is later. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcDay(b) - utcDay(a)) / DAY_MS)
}

/** The instant of a wall-clock date and time (HH:mm) in the state's zone. */
export function instantOf(date: string, time: string, state: string): number {
  const zone = stateTimeZone(state)
  const [h, mi] = time.split(':').map(Number)
  const wall = utcDay(date) + (h! * 60 + mi!) * 60_000
  let guess = wall
  for (let i = 0; i < 2; i++) {
    const p = partsAt(guess, zone)
    const shown = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi)
    guess += wall - shown
  }
  return guess
}
