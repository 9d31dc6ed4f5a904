import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import { CURRENT_PASSWORD_MSG, LINKING_MSG, PROFILE_MSG } from '../../../shared/identity/schemas/profile-messages'
import { findProfile, findProfileByEmail, findProfileByUserName, uniqueViolation, updateProfileIdentityStatement } from '../../db/identity/profiles'
import { passwordChangeStatements } from '../../db/identity/password-change'
import { hashPassword } from '../../lib/password-hash'
import { loadProfileView, type ProfileView } from './profile'
import { startSession, type IssuedToken, type Session } from './session'
import type { Meta } from './session-rotation'
import { audit, auditStatement } from '../../db/audit'
import { log } from '../../lib/log'
import { MAIL_CHANNEL, sendMail, type Background } from '../outbox/send-mail'
import { enqueue, kickDrain } from '../outbox/outbox'
import { confirmCurrentPassword } from './profile-reauth'
import { emailChangedMail, passwordChangedMail } from '../../integrations/mail/templates'

/** A refused change; `field` names the form field the message belongs to (the current password). */
type ProfileChangeRefused = { ok: false; errorMessage: string; field?: 'currentPassword' }

export type ProfileUpdateResult = { ok: true; profile: ProfileView } | ProfileChangeRefused

/**
 * Your Profile / PUT /v1/profile: user name and email, each belonging to one profile (case-insensitive).
 * A new email address needs the current password (decision 130), asked before anything else is told;
 * the update and the notice to the old address (password resets now go elsewhere) are one D1 batch:
 * both happen, or neither.
 */
export async function updateProfile(
  env: Env,
  profileId: string,
  input: ProfileChange,
  meta: Meta,
  background: Background | null,
): Promise<ProfileUpdateResult> {
  const current = await findProfile(env.DB, profileId)
  if (!current) return { ok: false, errorMessage: LINKING_MSG.profileUpdateFailed }
  const emailChanged = current.email_address.toLowerCase() !== input.emailAddress.toLowerCase()
  if (emailChanged) {
    if (!input.currentPassword) return { ok: false, errorMessage: CURRENT_PASSWORD_MSG.requiredForEmail, field: 'currentPassword' }
    const confirmed = await confirmCurrentPassword(env, current, input.currentPassword, meta.requestId)
    if (!confirmed.ok) return { ...confirmed, field: 'currentPassword' }
  }
  const byName = await findProfileByUserName(env.DB, input.userName)
  if (byName && byName.profile_id !== profileId) return { ok: false, errorMessage: LINKING_MSG.userNameTaken }
  const byEmail = await findProfileByEmail(env.DB, input.emailAddress)
  if (byEmail && byEmail.profile_id !== profileId) return { ok: false, errorMessage: LINKING_MSG.emailTaken }
  const now = Date.now()
  const writes = [updateProfileIdentityStatement(env.DB, profileId, input.userName, input.emailAddress)]
  if (emailChanged) {
    const notice = emailChangedMail(current.email_address, input.emailAddress, env.SUPPORT_PHONE, current.language)
    writes.push(enqueue(env.DB, { channel: MAIL_CHANNEL, payload: notice, dedupeKey: `mail:email-changed:${profileId}:${meta.requestId}`, at: now }))
  }
  try {
    await env.DB.batch(writes)
  } catch (err) {
    const column = uniqueViolation(err)
    if (column === 'user_name') return { ok: false, errorMessage: LINKING_MSG.userNameTaken }
    if (column === 'email_address') return { ok: false, errorMessage: LINKING_MSG.emailTaken }
    log('error', 'profile update failed', { requestId: meta.requestId, error: String(err) })
    return { ok: false, errorMessage: LINKING_MSG.profileUpdateFailed }
  }
  await audit(env, meta.requestId, emailChanged ? 'profile.email_changed' : 'profile.updated', profileId)
  if (emailChanged) await kickDrain(env, background, { channels: [MAIL_CHANNEL] })
  return { ok: true, profile: (await loadProfileView(env, profileId))! }
}

/** What Your Profile and PUT /v1/profile change; the current password only matters for a new email. */
export interface ProfileChange {
  userName: string
  emailAddress: string
  currentPassword?: string
}

export type PasswordChangeResult = { ok: true; session: Session; token: IssuedToken } | ProfileChangeRefused

/**
 * Update Password / PUT /v1/profile/password, confirmed with the current password (decision 130). Every
 * session of the profile is revoked (a stolen session dies with the old password), outstanding reset
 * links stop working, and the person who changed it gets a fresh session so they carry on to Account Home.
 */
export async function changePassword(
  env: Env,
  profileId: string,
  change: { password: string; currentPassword: string },
  meta: Meta,
  background: Background | null,
): Promise<PasswordChangeResult> {
  const failed = { ok: false, errorMessage: PROFILE_MSG.passwordUpdateFailed } as const
  try {
    const profile = await findProfile(env.DB, profileId)
    if (!profile) return failed
    const confirmed = await confirmCurrentPassword(env, profile, change.currentPassword, meta.requestId)
    if (!confirmed.ok) return { ...confirmed, field: 'currentPassword' }
    await setNewPassword(env, profileId, change.password, [auditStatement(env, meta.requestId, 'password.changed', profileId)])
    const next = await startSession(env, { kind: 'direct', profileId, ip: meta.ip, userAgent: meta.userAgent })
    await notify(env, passwordChangedMail(profile.email_address, env.SUPPORT_PHONE, profile.language), background)
    return { ok: true, ...next }
  } catch (err) {
    log('error', 'password update failed', { requestId: meta.requestId, error: String(err) })
    return failed
  }
}

/** The new hash, then every session and every outstanding reset link of the profile revoked. */
async function setNewPassword(env: Env, profileId: string, password: string, extra: D1PreparedStatement[] = []): Promise<void> {
  const hash = await hashPassword(password, env.PASSWORD_PEPPER)
  // One batch: a failure changes nothing, never a new password with the old sessions still alive.
  await env.DB.batch([...passwordChangeStatements(env.DB, profileId, hash, Date.now()), ...extra])
}

/** Notices are best effort: failing to queue one never undoes the change it reports. */
async function notify(env: Env, message: Parameters<typeof sendMail>[1], background: Background | null): Promise<void> {
  try {
    await sendMail(env, message, background)
  } catch (err) {
    log('error', 'notice mail not queued', { kind: message.kind, error: String(err) })
  }
}
