import type { Env } from '../env'
import type { ProfileInput } from '../../shared/schemas/manage-profile'
import { LINKING_MSG } from '../../shared/schemas/profile-messages'
import { findProfile, findProfileByEmail, findProfileByUserName, uniqueViolation, updatePasswordHash, updateProfileIdentity } from '../db/profiles'
import { revokeProfileSessions } from '../db/sessions'
import { invalidateResets } from '../db/password-resets'
import { hashPassword } from './password'
import { loadProfileView, type ProfileView } from './profile'
import { startSession, type IssuedToken, type Session } from './session'
import type { Meta } from './session-rotation'
import { audit } from './audit'
import { log } from './log'
import { sendMail, type Background } from '../integrations/mail'
import { emailChangedMail, passwordChangedMail } from '../integrations/mail/templates'

export type ProfileUpdateResult = { ok: true; profile: ProfileView } | { ok: false; errorMessage: string }

/**
 * Your Profile / PUT /v1/profile: user name and email, each belonging to one profile (case-insensitive).
 * When the email changes, the old address is told (password resets now go elsewhere).
 */
export async function updateProfile(env: Env, profileId: string, input: ProfileInput, meta: Meta, background: Background | null): Promise<ProfileUpdateResult> {
  const current = await findProfile(env.DB, profileId)
  if (!current) return { ok: false, errorMessage: LINKING_MSG.profileUpdateFailed }
  const byName = await findProfileByUserName(env.DB, input.userName)
  if (byName && byName.profile_id !== profileId) return { ok: false, errorMessage: LINKING_MSG.userNameTaken }
  const byEmail = await findProfileByEmail(env.DB, input.emailAddress)
  if (byEmail && byEmail.profile_id !== profileId) return { ok: false, errorMessage: LINKING_MSG.emailTaken }
  try {
    await updateProfileIdentity(env.DB, profileId, input.userName, input.emailAddress)
  } catch (err) {
    const column = uniqueViolation(err)
    if (column === 'user_name') return { ok: false, errorMessage: LINKING_MSG.userNameTaken }
    if (column === 'email_address') return { ok: false, errorMessage: LINKING_MSG.emailTaken }
    throw err
  }
  await audit(env, meta.requestId, 'profile.updated', profileId)
  if (current.email_address.toLowerCase() !== input.emailAddress.toLowerCase()) {
    await notify(env, emailChangedMail(current.email_address, input.emailAddress, env.SUPPORT_PHONE), background)
  }
  return { ok: true, profile: (await loadProfileView(env, profileId))! }
}

export type PasswordChangeResult = { ok: true; session: Session; token: IssuedToken } | { ok: false }

/**
 * Update Password / PUT /v1/profile/password. Every session of the profile is revoked (a stolen session
 * dies with the old password), outstanding reset links stop working, and the person who changed it gets a
 * fresh session so they carry on to Account Home.
 */
export async function changePassword(env: Env, profileId: string, password: string, meta: Meta, background: Background | null): Promise<PasswordChangeResult> {
  try {
    const profile = await findProfile(env.DB, profileId)
    if (!profile) return { ok: false }
    await setNewPassword(env, profileId, password)
    await audit(env, meta.requestId, 'password.changed', profileId)
    const next = await startSession(env, { kind: 'direct', profileId, ip: meta.ip, userAgent: meta.userAgent })
    await notify(env, passwordChangedMail(profile.email_address, env.SUPPORT_PHONE), background)
    return { ok: true, ...next }
  } catch (err) {
    log('error', 'password update failed', { requestId: meta.requestId, error: String(err) })
    return { ok: false }
  }
}

/** The new hash, then every session and every outstanding reset link of the profile revoked. */
export async function setNewPassword(env: Env, profileId: string, password: string): Promise<void> {
  const now = Date.now()
  await updatePasswordHash(env.DB, profileId, await hashPassword(password, env.PASSWORD_PEPPER))
  await revokeProfileSessions(env.DB, profileId, now)
  await invalidateResets(env.DB, profileId, now)
}

/** Notices are best effort: failing to queue one never undoes the change it reports. */
async function notify(env: Env, message: Parameters<typeof sendMail>[1], background: Background | null): Promise<void> {
  try {
    await sendMail(env, message, background)
  } catch (err) {
    log('error', 'notice mail not queued', { kind: message.kind, error: String(err) })
  }
}
