import type { Env } from '../env'
import { isDeployed } from '../env'

/**
 * The portal's clock (issue 22 item 5). Deployed, it is the system clock and nothing else. In local
 * development a tester may move it with POST /__dev/clock: the difference from the system clock is kept
 * in KV, so every request and the scheduled work read the same time, and time goes on from the moved
 * point. Read it where a date decides something (payments, due dates, reminders, the scheduled work).
 */
const DEV_CLOCK_KEY = 'dev:clock'

interface StoredClock {
  offsetMs: number
}

/** The portal's time now, in ms since the epoch. */
export async function portalNow(env: Pick<Env, 'ENVIRONMENT' | 'CACHE'>): Promise<number> {
  return (await portalClock(env))()
}

/** A clock function for a request or a run: one KV read, then Date.now() plus the stored offset. */
export async function portalClock(env: Pick<Env, 'ENVIRONMENT' | 'CACHE'>): Promise<() => number> {
  if (isDeployed(env)) return Date.now
  const stored = await env.CACHE.get<StoredClock>(DEV_CLOCK_KEY, 'json')
  const offset = stored && Number.isFinite(stored.offsetMs) ? stored.offsetMs : 0
  return offset === 0 ? Date.now : () => Date.now() + offset
}

/** Development only (the /__dev route's guard): sets the clock to `at`, or gives the system clock back (null). */
export async function setDevClock(env: Pick<Env, 'ENVIRONMENT' | 'CACHE'>, at: number | null): Promise<void> {
  if (isDeployed(env)) throw new Error('the portal clock can be moved only in local development')
  if (at === null) await env.CACHE.delete(DEV_CLOCK_KEY)
  else await env.CACHE.put(DEV_CLOCK_KEY, JSON.stringify({ offsetMs: at - Date.now() } satisfies StoredClock))
}
