/**
 * Session-timeout timing rules (spec 000 section 4 "Session", section 9), as pure functions of a
 * deadline and the current time in epoch milliseconds. No browser globals.
 */

/** The timer that recomputes the remaining minutes. */
export const SESSION_CHECK_MS = 60_000
/** The warning shows when this many minutes (or fewer) remain. */
const WARNING_MINUTES = 2
/** The modal countdown starts at most here and ticks every COUNTDOWN_TICK_MS. */
const COUNTDOWN_CAP_SECONDS = 120
export const COUNTDOWN_TICK_MS = 1_000
/** No activity for this long means the user is idle. */
const IDLE_MS = 60_000
/** Events that count as activity. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'touchstart'] as const
/** HTTP timeout for the token refresh (spec 000 section 9). */
export const HTTP_TIMEOUT_MS = 30_000
/**
 * The warning's code is fetched at the first check with this many minutes (or fewer) left: a few
 * minutes before it can show, and never on a visit that ends sooner.
 */
export const WARNING_PREFETCH_MINUTES = 5
/** A tab tells the others about its activity at most this often (they need it within IDLE_MS). */
export const ACTIVITY_SHARE_MS = 5_000

/**
 * Whole minutes left, rounded up: 2 means "more than 1 and at most 2 minutes left", and 0 or less
 * means the session has run out. So the warning comes with at most 120 s left and the client never
 * logs out while the server's session is still valid.
 */
export function remainingMinutes(deadline: number, now: number): number {
  return Math.ceil((deadline - now) / 60_000)
}

/** Seconds for the countdown: the seconds left, rounded up, capped at 120 and never below 0. */
export function countdownSeconds(deadline: number, now: number): number {
  const seconds = Math.ceil((deadline - now) / 1_000)
  return Math.min(COUNTDOWN_CAP_SECONDS, Math.max(0, seconds))
}

/** When the modal's countdown ends: the deadline, but no more than 120 s from now. */
export function countdownEnd(deadline: number, now: number): number {
  return now + Math.max(0, Math.min(COUNTDOWN_CAP_SECONDS * 1_000, deadline - now))
}

export function isIdle(lastActivity: number, now: number): boolean {
  return now - lastActivity >= IDLE_MS
}

export type SessionCheck = 'none' | 'logout' | 'warn' | 'refresh'

/**
 * What the 60-second check does: nothing, log out, show the warning (idle) or refresh silently (active).
 * Active means a person's activity within the last 60 s AND after the last renewal (`renewedAt`): a
 * renewal is never activity, so a session renewed by 'Continue' and then left alone is warned, not
 * renewed again (issue 35 item 3: with a 3-minute session the check after 'Continue' fell 59.x s after
 * it, and each silent refresh counted as activity for the next one, for ever).
 */
export function sessionCheck(deadline: number, lastActivity: number, renewedAt: number, now: number): SessionCheck {
  const minutes = remainingMinutes(deadline, now)
  if (minutes <= 0) return 'logout'
  if (minutes > WARNING_MINUTES) return 'none'
  return isIdle(lastActivity, now) || lastActivity <= renewedAt ? 'warn' : 'refresh'
}
