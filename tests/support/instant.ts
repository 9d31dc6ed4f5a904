import { localDateTime } from '../../shared/clock'

const DAY_MS = 86_400_000
const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * The instant (ms) at which date 'YYYY-MM-DD' and time 'HH:mm' occur on the state's clock, for fixtures
 * ("09:20 in Texas"). The portal never needs it: it keeps a typed date and time as typed and compares
 * them with localDateTime's (shared/clock.ts). Around daylight saving time as Temporal's 'compatible':
 * a time that happens twice (fall back) is the first one; a time skipped by spring forward moves
 * forward by the skipped hour (02:30 -> 03:30).
 */
export function instantOf(date: string, time: string, state: string): number {
  // The wall clock read as if it were UTC; the instant is that minus the zone's offset at the instant.
  const wall = Date.parse(`${date}T${time}:00Z`)
  if (!DATE.test(date) || !TIME.test(time) || Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a date 'YYYY-MM-DD' and time 'HH:mm': "${date}" "${time}"`)
  }
  const offsetAt = (at: number) => {
    const local = localDateTime(at, state)
    return Date.parse(`${local.date}T${local.time}:00Z`) - at
  }
  const before = offsetAt(wall - DAY_MS)
  const after = offsetAt(wall + DAY_MS)
  const candidates = [wall - before, wall - after].filter((at) => at + offsetAt(at) === wall)
  return candidates.length > 0 ? Math.min(...candidates) : wall - before
}
