import { useCallback, useEffect, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import type { SessionTimeoutProps } from '../../shared/schemas/islands'
import { refreshToken } from './refresh-token'
import { createSessionTimeoutStore, extendSession, markActivity, openWarning, tickCountdown } from './store'
import { TimeoutDialog } from './TimeoutDialog'
import { ACTIVITY_EVENTS, COUNTDOWN_TICK_MS, SESSION_CHECK_MS, sessionCheck } from './timing'

/**
 * Session timeout (spec 000 section 4 "Session"). Every 60 s it recomputes the minutes left: at 0 it
 * logs out; at 2 or fewer it shows the warning if the user is idle, or refreshes the token silently if
 * not. The warning counts down from at most 120 s and logs out at 0. Logging out clears
 * sessionStorage and posts the hidden form to the logout URL.
 * On the server (no effects) it renders only the hidden form.
 */
export function SessionTimeout({ expiresIn, refreshUrl, logoutUrl }: SessionTimeoutProps) {
  const [store] = useState(() => {
    const now = Date.now()
    return createSessionTimeoutStore({ deadline: now + expiresIn * 1_000, now })
  })
  const snap = useSnapshot(store)
  const [mounted, setMounted] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const logOut = useCallback(() => {
    if (store.loggingOut) return
    store.loggingOut = true
    try {
      window.sessionStorage.clear()
    } catch {
      // Storage can be unavailable (privacy modes); the server ends the session either way.
    }
    const form = formRef.current
    if (!form) return
    if (typeof form.requestSubmit === 'function') form.requestSubmit()
    else form.submit()
  }, [store])

  /** True when a new token arrived and the deadline moved. */
  const refresh = useCallback(async (): Promise<boolean> => {
    if (store.refreshing || store.loggingOut) return false
    store.refreshing = true
    try {
      const token = await refreshToken(refreshUrl)
      if (store.loggingOut) return false
      extendSession(store, token.expiresIn, Date.now())
      return true
    } catch {
      return false
    } finally {
      store.refreshing = false
    }
  }, [store, refreshUrl])

  const onContinue = useCallback(() => {
    if (store.refreshing || store.loggingOut) return
    void refresh().then((ok) => {
      if (!ok) logOut()
    })
  }, [store, refresh, logOut])

  useEffect(() => {
    setMounted(true)
    const check = () => {
      if (store.open || store.refreshing || store.loggingOut) return
      const now = Date.now()
      switch (sessionCheck(store.deadline, store.lastActivity, now)) {
        case 'logout':
          logOut()
          break
        case 'warn':
          if (openWarning(store, now) === 0) logOut()
          break
        case 'refresh':
          void refresh()
          break
        case 'none':
          break
      }
    }
    const onActivity = () => markActivity(store, Date.now())
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
    const timer = setInterval(check, SESSION_CHECK_MS)
    check()
    return () => {
      clearInterval(timer)
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listen)
      window.removeEventListener('pageshow', onPageShow)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [store, logOut, refresh])

  useEffect(() => {
    if (!snap.open) return
    const timer = setInterval(() => {
      if (tickCountdown(store, Date.now()) === 0) logOut()
    }, COUNTDOWN_TICK_MS)
    return () => clearInterval(timer)
  }, [snap.open, store, logOut])

  return (
    <>
      <form ref={formRef} method="post" action={logoutUrl} hidden />
      {mounted && (
        <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
          {snap.announcement}
        </div>
      )}
      {snap.open && <TimeoutDialog secondsLeft={snap.secondsLeft} onContinue={onContinue} onLogOut={logOut} />}
    </>
  )
}
