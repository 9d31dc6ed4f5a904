import type { Env } from '../env'
import type { LoginInput } from '../../shared/schemas/login'
import { findProfileByLogin, updatePasswordHash } from '../db/profiles'
import { clearFailures, isLocked, recordFailure, LOGIN_RULE } from '../db/counters'
import { verifyPassword, hashPassword, DUMMY_HASH } from './password'
import { startSession, type Session, type IssuedToken } from './session'
import { profileView, type ProfileView } from './profile'
import { audit } from './audit'

export type LoginResult = { ok: true; profile: ProfileView; session: Session; token: IssuedToken } | { ok: false }

/**
 * Direct login. Every failure looks the same ('Login Failed.'): unknown user, wrong password and a
 * locked account alike, and an unknown user still costs one scrypt so timing does not tell.
 */
export async function login(
  env: Env,
  input: LoginInput,
  meta: { ip: string; userAgent: string; requestId: string },
): Promise<LoginResult> {
  const now = Date.now()
  const counterKey = `login:${input.userName.toLowerCase()}`
  const locked = await isLocked(env.DB, counterKey, now)
  const profile = await findProfileByLogin(env.DB, input.userName)
  const check = await verifyPassword(input.password, env.PASSWORD_PEPPER, profile?.password_hash ?? DUMMY_HASH)
  if (!profile || !check.ok || locked) {
    await recordFailure(env.DB, counterKey, LOGIN_RULE, now)
    await audit(env, meta.requestId, locked ? 'login.locked' : 'login.failed', profile?.profile_id ?? null)
    return { ok: false }
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
