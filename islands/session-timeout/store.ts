import { proxy } from 'valtio'
import { countdownEnd, countdownSeconds, describeCountdown } from './timing'

export interface SessionTimeoutState {
  /** Epoch ms when the session runs out. */
  deadline: number
  /** Epoch ms of the last mouse move, key down, mouse down or touch start. */
  lastActivity: number
  /** The warning modal is showing. */
  open: boolean
  /** Epoch ms when the modal's countdown reaches 0 (at most 120 s after it opened). */
  countdownEnd: number
  /** What the countdown shows. */
  secondsLeft: number
  /** Text of the polite live region: set once when the modal opens, cleared when it closes. */
  announcement: string
  /** A token refresh is in flight. */
  refreshing: boolean
  /** Logging out has started; nothing else happens after it. */
  loggingOut: boolean
}

/** A fresh store per island root (never a module-level proxy: the server renders many requests). */
export function createSessionTimeoutStore(initial: { deadline: number; now: number }) {
  return proxy<SessionTimeoutState>({
    deadline: initial.deadline,
    lastActivity: initial.now,
    open: false,
    countdownEnd: 0,
    secondsLeft: 0,
    announcement: '',
    refreshing: false,
    loggingOut: false,
  })
}

export type SessionTimeoutStore = ReturnType<typeof createSessionTimeoutStore>

/** Activity: written at most once a second (mousemove fires far more often than that). */
export function markActivity(store: SessionTimeoutStore, now: number): void {
  if (now - store.lastActivity >= 1_000) store.lastActivity = now
}

/** Opens the warning; returns the seconds on the countdown (0 means log out now). */
export function openWarning(store: SessionTimeoutStore, now: number): number {
  const end = countdownEnd(store.deadline, now)
  const seconds = countdownSeconds(end, now)
  store.countdownEnd = end
  store.secondsLeft = seconds
  store.open = true
  store.announcement =
    `Your session is about to expire. For your security, you will be logged out in ${describeCountdown(seconds)}.`
  return seconds
}

/** One countdown tick; returns the seconds left (0 means log out now). */
export function tickCountdown(store: SessionTimeoutStore, now: number): number {
  const seconds = countdownSeconds(store.countdownEnd, now)
  store.secondsLeft = seconds
  return seconds
}

/** A new token arrived: the session runs `expiresIn` seconds from now and the warning closes. */
export function extendSession(store: SessionTimeoutStore, expiresIn: number, now: number): void {
  store.deadline = now + expiresIn * 1_000
  store.lastActivity = now
  store.open = false
  store.announcement = ''
}
