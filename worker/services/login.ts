import type { Env } from '../env'
import type { LoginInput } from '../../shared/schemas/login'
import { MSG } from '../../shared/schemas/messages'
import { findProfileByLogin, updatePasswordHash } from '../db/profiles'
import { clearFailures, isLocked, recordFailure, LOGIN_RULE } from '../db/counters'
import { verifyPassword, hashPassword, DUMMY_HASH } from './password'
import { startSession, type Session, type IssuedToken } from './session'
import { profileView, type ProfileView } from './profile'
import { audit } from './audit'

/**
 * Ours (the spec has only 'Login Failed.'): shown once the lock is on, for an account that exists and
 * for a name that does not alike (decision 121).
 */
export const LOGIN_LOCKED =
  'Login Failed. There have been too many unsuccessful attempts. Please try again in 15 minutes, or use Forgot your password? to reset your password.'

export type LoginResult = { ok: true; profile: ProfileView; session: Session; token: IssuedToken } | { ok: false; locked: boolean; errorMessage: string }

/**
 * The failure counter of a login: the profile once found, whatever name or email was typed for it, so
 * switching from the user name to the email address does not reset the count; otherwise the typed
 * name, so unknown names count and lock exactly the same way.
 */
export function loginCounterKey(profileId: string | null, typed: string): string {
  return profileId ? `login:profile:${profileId}` : `login:name:${typed.trim().toLowerCase()}`
}

/**
 * Direct login. Every failure looks the same ('Login Failed.', or the lock message once locked): unknown
 * user, wrong password and a locked account alike, and an unknown user still costs one scrypt so timing
 * does not tell. A locked account refuses even the right password until the lock ends.
 */
export async function login(env: Env, input: LoginInput, meta: { ip: string; userAgent: string; requestId: string }): Promise<LoginResult> {
  const now = Date.now()
  const profile = await findProfileByLogin(env.DB, input.userName)
  const counterKey = loginCounterKey(profile?.profile_id ?? null, input.userName)
  const wasLocked = await isLocked(env.DB, counterKey, now)
  const check = await verifyPassword(input.password, env.PASSWORD_PEPPER, profile?.password_hash ?? DUMMY_HASH)
  if (!profile || !check.ok || wasLocked) {
    const locked = await recordFailure(env.DB, counterKey, LOGIN_RULE, now)
    await audit(env, meta.requestId, wasLocked ? 'login.locked' : locked ? 'login.failed_locking' : 'login.failed', profile?.profile_id ?? null)
    return { ok: false, locked, errorMessage: locked ? LOGIN_LOCKED : MSG.loginFailed }
  }
  await clearFailures(env.DB, counterKey)
  if (check.needsRehash) await updatePasswordHash(env.DB, profile.profile_id, await hashPassword(input.password, env.PASSWORD_PEPPER))
  const { session, token } = await startSession(env, {
    kind: 'direct',
    profileId: profile.profile_id,
    ip: meta.ip,
    userAgent: meta.userAgent,
  })
  await audit(env, meta.requestId, 'login.succeeded', profile.profile_id)
  return { ok: true, profile: await profileView(env, profile), session, token }
}
