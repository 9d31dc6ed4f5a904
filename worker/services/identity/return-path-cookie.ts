import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { internalReturnPath } from '../../../shared/identity/return-path'
import { claimAddress } from '../../../shared/claims/claim-address'

/**
 * Where a sign-in goes back to (issue 32 item 3): an address that needs a session, opened signed out
 * (a claim's link in a mail, a bookmark), keeps its path here and sends the person to sign in; the
 * sign-in that follows (password, 2-step code or passkey) lands there instead of Account Home, once.
 * The path is checked when written and again when read (shared/identity/return-path.ts): a cookie
 * someone else managed to set can never send the browser to another site. It lives 30 minutes, as the
 * pending 2-step sign-in does.
 */
const RETURN_COOKIE = '__Host-ph_return'
const RETURN_MAX_AGE_S = 30 * 60
const CLAIM_PATH = claimAddress('')
const secure = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const

/** Keeps `path` for the next sign-in (nothing when it is not an internal path). */
export function keepReturnPath(c: Context<AppEnv>, path: string): void {
  const safe = internalReturnPath(path)
  if (safe) setCookie(c, RETURN_COOKIE, encodeURIComponent(safe), { ...secure, maxAge: RETURN_MAX_AGE_S })
}

/** The claim a sign-in will go back to (its reference), for the login page to say so; null for anything else. */
export function claimWaitingForSignIn(c: Context<AppEnv>): string | null {
  const raw = getCookie(c, RETURN_COOKIE)
  const path = raw === undefined ? null : internalReturnPath(safeDecode(raw))
  return path?.startsWith(CLAIM_PATH) ? path.slice(CLAIM_PATH.length) : null
}

function safeDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

/** Where the sign-in that just finished goes: the kept path once (the cookie goes), else Account Home. */
export function afterSignInPath(c: Context<AppEnv>): string {
  const raw = getCookie(c, RETURN_COOKIE)
  if (raw === undefined) return pathOf('AccountHome')
  deleteCookie(c, RETURN_COOKIE, secure)
  return internalReturnPath(safeDecode(raw)) ?? pathOf('AccountHome')
}
