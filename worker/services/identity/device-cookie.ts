import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../../types'
import { randomLetters } from '../../lib/random-token'
import { signValue, verifiedValue } from '../../lib/signed-value'

/**
 * The device cookie (decision 179): a long-lived, signed, random name for this browser. A sign-in whose
 * browser brings no valid one, or one never seen for that profile, is a sign-in from a new device.
 * It holds no personal data; 'remember this device' is a row on the server, so it can be revoked.
 */
const DEVICE_COOKIE = '__Host-ph_device'
const DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60
/**
 * The pending 2-step sign-in: which code this browser is asked for (signed). It outlives the code (10
 * minutes) so an expired code can still be replaced by 'Send a new code' without the password again.
 */
const PENDING_COOKIE = '__Host-ph_pending'
const PENDING_MAX_AGE_S = 30 * 60

const secure = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' } as const

export function readDeviceId(c: Context<AppEnv>): Promise<string | null> {
  return verifiedValue(c.env, 'device', getCookie(c, DEVICE_COOKIE))
}

export const newDeviceId = (): string => randomLetters(16)

export async function writeDeviceCookie(c: Context<AppEnv>, deviceId: string): Promise<void> {
  setCookie(c, DEVICE_COOKIE, await signValue(c.env, 'device', deviceId), { ...secure, maxAge: DEVICE_MAX_AGE_S })
}

export function readPendingCodeId(c: Context<AppEnv>): Promise<string | null> {
  return verifiedValue(c.env, 'pending-sign-in', getCookie(c, PENDING_COOKIE))
}

export async function writePendingCookie(c: Context<AppEnv>, codeId: string): Promise<void> {
  setCookie(c, PENDING_COOKIE, await signValue(c.env, 'pending-sign-in', codeId), { ...secure, maxAge: PENDING_MAX_AGE_S })
}

export function clearPendingCookie(c: Context): void {
  deleteCookie(c, PENDING_COOKIE, secure)
}
