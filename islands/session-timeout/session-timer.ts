import { refreshToken } from './refresh-token'
import { readSettings, TIMER_FORM, type SessionTimerSettings } from './settings'
import { openTabChannel, type TabChannel, type TabNews } from './tabs'
import {
  ACTIVITY_EVENTS,
  ACTIVITY_SHARE_MS,
  COUNTDOWN_TICK_MS,
  countdownEnd,
  countdownSeconds,
  remainingMinutes,
  SESSION_CHECK_MS,
  sessionCheck,
  WARNING_PREFETCH_MINUTES,
} from './timing'

/**
 * The session timer (spec 000 section 4 "Session"), plain script on every page with a session.
 * Every 60 s it recomputes the minutes left: at 0 it logs out; at 2 or fewer it shows the warning if
 * the user is idle, or refreshes the token silently if not. The warning counts down from at most 120 s
 * and logs out at 0. Logging out clears sessionStorage and posts the hidden logout form.
 *
 * The warning's code (./warning-dialog) is fetched a few minutes before it can show. The countdown
 * and the logout live here, so if that code cannot load the session still ends at 0.
 *
 * Tabs share one session: each tells the others (./tabs) about its activity and about every new
 * deadline, so activity or 'Continue' in any tab keeps the session alive in all of them, and an idle
 * tab never logs out a session another tab is using.
 *
 * Only a person renews (issue 35 item 3, decision 221): activity is a person's mouse, keys or touch
 * (here or in another tab) or a press of 'Continue', never a renewal itself. A silent refresh needs
 * activity after the last renewal, so 'Continue' renews once and a page left alone after it is warned
 * and logged out at its idle time, however the 60-second checks fall against a short session.
 */

export interface WarningOptions {
  /** Seconds on the countdown when it shows. */
  seconds: number
  onContinue(): void
  onLogOut(): void
}

export interface WarningView {
  /** The countdown's seconds, once a second. */
  update(seconds: number): void
  close(): void
}

export interface WarningModule {
  showWarning(options: WarningOptions): WarningView
}

export interface SessionTimerOptions {
  form: HTMLFormElement
  settings: SessionTimerSettings
  loadWarning: () => Promise<WarningModule>
  openChannel?: (onNews: (news: TabNews) => void) => TabChannel
}

/** Starts the timer; returns a function that stops it (tests, and nothing else, need that). */
export function startSessionTimer({ form, settings, loadWarning, openChannel = openTabChannel }: SessionTimerOptions): () => void {
  const start = Date.now()
  let deadline = start + settings.expiresIn * 1_000
  let lastActivity = start
  /** When this tab last saw a renewal asked for or announced: only activity after it earns another. The page's load counts as activity. */
  let renewedAt = 0
  let lastShared = 0
  /** Epoch ms when the open warning's countdown reaches 0; 0 while no warning is open. */
  let warningEnd = 0
  let ticker: ReturnType<typeof setInterval> | undefined
  let view: WarningView | null = null
  let warningCode: Promise<WarningModule> | null = null
  let refreshing = false
  let loggingOut = false

  const channel = openChannel(onNews)

  function fetchWarningCode(): Promise<WarningModule> {
    warningCode ??= loadWarning().catch((err: unknown) => {
      warningCode = null // the next attempt tries again
      throw err
    })
    return warningCode
  }

  function onNews(news: TabNews): void {
    if (loggingOut) return
    if (news.deadline !== undefined && news.deadline > deadline) {
      deadline = news.deadline
      renewedAt = Math.max(renewedAt, Date.now())
      closeWarning()
    }
    if (news.activity !== undefined) {
      lastActivity = Math.max(lastActivity, news.activity)
      // Someone is using the session in another tab: keep it alive rather than let it run out here.
      if (warningEnd) void refresh()
    }
  }

  function onActivity(): void {
    const now = Date.now()
    lastActivity = Math.max(lastActivity, now)
    // During the warning only an answer counts, here and in the other tabs.
    if (warningEnd || now - lastShared < ACTIVITY_SHARE_MS) return
    lastShared = now
    channel.post({ activity: now })
  }

  /** True when a new token arrived and the deadline moved. */
  async function refresh(): Promise<boolean> {
    if (refreshing || loggingOut) return false
    refreshing = true
    renewedAt = Date.now()
    try {
      const expiresIn = await refreshToken(settings.refreshUrl)
      if (loggingOut) return false
      // The renewal is not activity: lastActivity stays the person's.
      deadline = Date.now() + expiresIn * 1_000
      closeWarning()
      channel.post({ deadline })
      return true
    } catch {
      return false
    } finally {
      refreshing = false
    }
  }

  function onContinue(): void {
    if (refreshing || loggingOut) return
    // The press is one person's action: it counts once, as activity now, and renews once.
    lastActivity = Math.max(lastActivity, Date.now())
    void refresh().then((ok) => {
      if (!ok) logOut()
    })
  }

  /** `byPerson`: Log Out in the warning, so the logout page does not say the timer ended the session. */
  function logOut(byPerson = false): void {
    if (loggingOut) return
    loggingOut = true
    if (byPerson) form.querySelector('input[name="reason"]')?.remove()
    try {
      window.sessionStorage.clear()
    } catch {
      // Storage can be unavailable (privacy modes); the server ends the session either way.
    }
    if (typeof form.requestSubmit === 'function') form.requestSubmit()
    else form.submit()
  }

  function openWarning(now: number): void {
    warningEnd = countdownEnd(deadline, now)
    if (countdownSeconds(warningEnd, now) === 0) return logOut()
    ticker = setInterval(tick, COUNTDOWN_TICK_MS)
    fetchWarningCode().then(
      (code) => {
        if (!warningEnd || view || loggingOut) return
        view = code.showWarning({ seconds: countdownSeconds(warningEnd, Date.now()), onContinue, onLogOut: () => logOut(true) })
      },
      (err: unknown) => console.error('[session-timer] the warning could not load; the session still ends at 0', err),
    )
  }

  function tick(): void {
    const seconds = countdownSeconds(warningEnd, Date.now())
    view?.update(seconds)
    if (seconds === 0) logOut()
  }

  function closeWarning(): void {
    if (!warningEnd) return
    clearInterval(ticker)
    warningEnd = 0
    view?.close()
    view = null
  }

  function check(): void {
    if (warningEnd || refreshing || loggingOut) return
    const now = Date.now()
    if (remainingMinutes(deadline, now) <= WARNING_PREFETCH_MINUTES) {
      fetchWarningCode().catch(() => {}) // tried again when the warning opens
    }
    switch (sessionCheck(deadline, lastActivity, renewedAt, now)) {
      case 'logout':
        return logOut()
      case 'warn':
        return openWarning(now)
      case 'refresh':
        void refresh()
        return
      case 'none':
        return
    }
  }

  const onPageShow = (e: PageTransitionEvent) => {
    if (e.persisted) window.location.reload()
  }
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check()
  }
  const listen = { capture: true, passive: true } as const
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, listen)
  window.addEventListener('pageshow', onPageShow)
  document.addEventListener('visibilitychange', onVisibility)
  const checker = setInterval(check, SESSION_CHECK_MS)
  check()

  return () => {
    clearInterval(checker)
    closeWarning()
    channel.close()
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listen)
    window.removeEventListener('pageshow', onPageShow)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}

/**
 * Starts the timer from the page's logout form. A page without a usable form says so on the console
 * (and `data-session-timer="error"`); a running timer marks it `data-session-timer="running"`.
 */
export function bootSessionTimer(root: ParentNode, loadWarning: () => Promise<WarningModule>): (() => void) | null {
  const form = root.querySelector<HTMLFormElement>(TIMER_FORM)
  if (!form) {
    console.error(`[session-timer] no ${TIMER_FORM} on this page`)
    return null
  }
  const settings = readSettings(form)
  if (typeof settings === 'string') {
    form.dataset.sessionTimer = 'error'
    console.error(`[session-timer] ${settings}`)
    return null
  }
  const stop = startSessionTimer({ form, settings, loadWarning })
  form.dataset.sessionTimer = 'running'
  return stop
}
