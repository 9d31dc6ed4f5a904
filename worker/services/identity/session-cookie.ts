import type { Context } from 'hono'
import { getCookie, setCookie, deleteCookie } from 'hono/cookie'

/** HttpOnly, Secure, SameSite=Lax, host-only (the __Host- prefix enforces Secure and Path=/). */
const SESSION_COOKIE = '__Host-ph_session'

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE)
}

export function writeSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
}
