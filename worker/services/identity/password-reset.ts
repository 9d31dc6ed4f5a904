import type { Env } from '../../env'
import type { CounterRule } from '../../db/counters'
import { isLocked, recordFailure } from '../../db/counters'
import { findProfile, findProfileByEmail } from '../../db/identity/profiles'
import { findLiveReset, insertPasswordReset } from '../../db/identity/password-resets'
import { resetWithTokenStatements } from '../../db/identity/password-change'
import { pathOf } from '../../../shared/routes'
import { sendMail, type Background } from '../outbox/send-mail'
import { passwordChangedMail, passwordResetMail } from '../../integrations/mail/templates'
import { hashPassword } from '../../lib/password-hash'
import type { Meta } from './session-rotation'
import { loginCounterKey } from './login'
import { audit } from '../../db/audit'
import { log } from '../../lib/log'
import { sha256Hex } from '../../lib/sha256'
import { randomToken } from '../../lib/random-token'

/** A reset link works once, for 30 minutes. */
export const RESET_TTL_MS = 30 * 60_000

/**
 * At most 5 reset requests per typed address per hour, whether or not it has a profile (no mail bombing
 * through the form, and the same work for every address); the rest are dropped quietly.
 */
const RESET_REQUEST_RULE: CounterRule = { limit: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 }

/** 256 random bits, base64url: the token only the email holds. */
export function newResetToken(): string {
  return randomToken(32)
}

/** What D1 stores instead of the token: its SHA-256, hex. */
export function hashResetToken(token: string): Promise<string> {
  return sha256Hex(token)
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

/**
 * Forgot Password / POST /v1/profile/password {Email}. The caller learns nothing, not even by timing
 * (decision 122): before answering, the work is the same for every address (the per-address cap, read
 * and counted); the lookup, the token, the reset row and the mail happen after the answer, in the
 * background. `ok: false` (the spec's 502 case) only when that common work failed, whoever asked.
 */
export async function requestPasswordReset(env: Env, email: string, meta: Meta, background: Background | null): Promise<{ ok: boolean }> {
  const now = Date.now()
  const key = `reset:${email.trim().toLowerCase()}`
  let capped: boolean
  try {
    capped = await isLocked(env.DB, key, now)
    await recordFailure(env.DB, key, RESET_REQUEST_RULE, now)
  } catch (err) {
    log('error', 'password reset request failed', { requestId: meta.requestId, error: String(err) })
    return { ok: false }
  }
  const work = sendResetLink(env, email, capped, now, meta, background).catch((err: unknown) => {
    log('error', 'password reset mail not queued', { requestId: meta.requestId, error: String(err) })
  })
  if (background) background.waitUntil(work)
  else await work
  return { ok: true }
}

/** After the answer: the profile of that address, if any, gets a new one-time link by email. */
async function sendResetLink(env: Env, email: string, capped: boolean, now: number, meta: Meta, background: Background | null): Promise<void> {
  const profile = await findProfileByEmail(env.DB, email)
  if (!profile) return
  if (capped) {
    await audit(env, meta.requestId, 'password.reset_request_capped', profile.profile_id)
    return
  }
  const token = newResetToken()
  await insertPasswordReset(env.DB, await hashResetToken(token), profile.profile_id, now, now + RESET_TTL_MS)
  const link = `${env.PORTAL_BASE_URL.replace(/\/$/, '')}${pathOf('ResetPassword')}?token=${token}`
  await sendMail(env, passwordResetMail(profile.email_address, link, RESET_TTL_MS / 60_000, profile.language), background)
  await audit(env, meta.requestId, 'password.reset_requested', profile.profile_id)
}

/** The profile a presented token would reset, or null (malformed, unknown, used or expired). */
export async function liveResetProfile(env: Env, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  return findLiveReset(env.DB, await hashResetToken(token), Date.now())
}

/**
 * Choose a New Password: uses the token up, sets the password, revokes every session and outstanding
 * link of the profile and lifts its login lock, all in one batch (a second use of the link fails; a
 * failed batch leaves the link working and nothing changed), then tells the owner by email.
 */
export async function completePasswordReset(env: Env, token: string, password: string, meta: Meta, background: Background | null): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false
  const tokenHash = await hashResetToken(token)
  const profileId = await findLiveReset(env.DB, tokenHash, Date.now())
  const hash = profileId ? await hashPassword(password, env.PASSWORD_PEPPER) : ''
  const now = Date.now()
  const batch = profileId
    ? resetWithTokenStatements(env.DB, { tokenHash, profileId, hash, now, lockKey: loginCounterKey(profileId, ''), requestId: meta.requestId })
    : null
  const used = batch ? ((await env.DB.batch(batch.statements))[batch.consumedAt]?.results?.length ?? 0) > 0 : false
  if (!profileId || !used) {
    await audit(env, meta.requestId, 'password.reset_link_refused', null)
    return false
  }
  const profile = await findProfile(env.DB, profileId)
  if (profile) {
    try {
      await sendMail(env, passwordChangedMail(profile.email_address, env.SUPPORT_PHONE, profile.language), background)
    } catch (err) {
      log('error', 'notice mail not queued', { kind: 'password-changed', error: String(err) })
    }
  }
  return true
}
