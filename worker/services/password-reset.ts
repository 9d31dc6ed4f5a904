import type { Env } from '../env'
import type { CounterRule } from '../db/counters'
import { isLocked, recordFailure } from '../db/counters'
import { findProfile, findProfileByEmail } from '../db/profiles'
import { consumeReset, findLiveReset, insertPasswordReset } from '../db/password-resets'
import { pathOf } from '../../shared/routes'
import { sendMail, type Background } from '../integrations/mail'
import { passwordChangedMail, passwordResetMail } from '../integrations/mail/templates'
import { setNewPassword } from './profile-edit'
import type { Meta } from './session-rotation'
import { audit } from './audit'
import { log } from './log'

/** A reset link works once, for 30 minutes. */
export const RESET_TTL_MS = 30 * 60_000

/** At most 5 reset emails per address per hour (no mail bombing through the form); the rest are dropped quietly. */
export const RESET_REQUEST_RULE: CounterRule = { limit: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 }

/** 256 random bits, base64url: the token only the email holds. */
export function newResetToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** What D1 stores instead of the token: its SHA-256, hex. */
export async function hashResetToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/**
 * Forgot Password / POST /v1/profile/password {Email}. The caller learns nothing: the same answer
 * whether or not the address has a profile. `ok: false` only when the email could not be queued (the
 * spec's 502 case).
 */
export async function requestPasswordReset(env: Env, email: string, meta: Meta, background: Background | null): Promise<{ ok: boolean }> {
  try {
    const profile = await findProfileByEmail(env.DB, email)
    if (!profile) return { ok: true }
    const now = Date.now()
    const key = `reset:${profile.email_address.toLowerCase()}`
    if (await isLocked(env.DB, key, now)) {
      await audit(env, meta.requestId, 'password.reset_request_capped', profile.profile_id)
      return { ok: true }
    }
    await recordFailure(env.DB, key, RESET_REQUEST_RULE, now)
    const token = newResetToken()
    await insertPasswordReset(env.DB, await hashResetToken(token), profile.profile_id, now, now + RESET_TTL_MS)
    const link = `${env.PORTAL_BASE_URL.replace(/\/$/, '')}${pathOf('ResetPassword')}?token=${token}`
    await sendMail(env, passwordResetMail(profile.email_address, link, RESET_TTL_MS / 60_000), background)
    await audit(env, meta.requestId, 'password.reset_requested', profile.profile_id)
    return { ok: true }
  } catch (err) {
    log('error', 'password reset request failed', { requestId: meta.requestId, error: String(err) })
    return { ok: false }
  }
}

/** The profile a presented token would reset, or null (malformed, unknown, used or expired). */
export async function liveResetProfile(env: Env, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  return findLiveReset(env.DB, await hashResetToken(token), Date.now())
}

/**
 * Choose a New Password: uses the token up (atomically; a second use fails), sets the password, revokes
 * every session and outstanding link of the profile, and tells the owner by email.
 */
export async function completePasswordReset(env: Env, token: string, password: string, meta: Meta, background: Background | null): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false
  const profileId = await consumeReset(env.DB, await hashResetToken(token), Date.now())
  if (!profileId) {
    await audit(env, meta.requestId, 'password.reset_link_refused', null)
    return false
  }
  await setNewPassword(env, profileId, password)
  await audit(env, meta.requestId, 'password.reset_completed', profileId)
  const profile = await findProfile(env.DB, profileId)
  if (profile) {
    try {
      await sendMail(env, passwordChangedMail(profile.email_address, env.SUPPORT_PHONE), background)
    } catch (err) {
      log('error', 'notice mail not queued', { kind: 'password-changed', error: String(err) })
    }
  }
  return true
}
