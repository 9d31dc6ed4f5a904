import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'

/**
 * The passkey hint (decision 181): a browser that added or used a passkey here gets the login page with
 * its passkey prompt (the passkey island, autofill in the user-name field); every other browser gets the
 * login page as before, with no script, and a link to the prompt. It says nothing about who; no secret.
 */
const HINT_COOKIE = '__Host-ph_passkey'

export function hasPasskeyHint(c: Context): boolean {
  return getCookie(c, HINT_COOKIE) === '1'
}

export function writePasskeyHint(c: Context): void {
  setCookie(c, HINT_COOKIE, '1', { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: 400 * 24 * 60 * 60 })
}
