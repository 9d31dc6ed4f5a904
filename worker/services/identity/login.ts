import type { Env } from '../../env'
import type { LoginInput } from '../../../shared/identity/schemas/login'
import { MSG } from '../../../shared/forms/messages'
import { findProfileByLogin, updatePasswordHash } from '../../db/identity/profiles'
import { countedAttempt, LOGIN_RULE } from '../../db/counters'
import { verifyPassword, hashPassword, DUMMY_HASH } from '../../lib/password-hash'
import type { Session, IssuedToken } from './session'
import { profileView, type ProfileView } from './profile'
import { audit } from '../../db/audit'
import type { SignInMeta } from './sign-in-meta'
import { completeSignIn, isRemembered } from './sign-in'
import { sendCode } from './sign-in-code'

import { LOGIN_LOCKED } from '../../../shared/identity/sign-in-messages'

export { LOGIN_LOCKED }

export type LoginResult =
  | { ok: true; profile: ProfileView; session: Session; token: IssuedToken; deviceId: string }
  /** The password was right and 2-step sign-in is on: a code was mailed; `codeId` names it for the next step. */
  | { ok: false; codeSent: true; codeId: string }
  | { ok: false; codeSent?: false; locked: boolean; errorMessage: string }

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
export async function login(env: Env, input: LoginInput, meta: SignInMeta): Promise<LoginResult> {
  const now = Date.now()
  const profile = await findProfileByLogin(env.DB, input.userName)
  const counterKey = loginCounterKey(profile?.profile_id ?? null, input.userName)
  let check: Awaited<ReturnType<typeof verifyPassword>> = { ok: false, needsRehash: false }
  // A refused attempt still costs one scrypt, so the answer's timing does not tell it apart.
  const attempt = await countedAttempt(env.DB, counterKey, LOGIN_RULE, now, async (admitted) => {
    check = await verifyPassword(input.password, env.PASSWORD_PEPPER, admitted ? (profile?.password_hash ?? DUMMY_HASH) : DUMMY_HASH)
    return profile !== null && check.ok
  })
  if (!attempt.passed || !profile) {
    const locked = attempt.passed ? false : attempt.locked
    const what = !attempt.passed && !attempt.admitted ? 'login.locked' : locked ? 'login.failed_locking' : 'login.failed'
    await audit(env, meta.requestId, what, profile?.profile_id ?? null)
    return { ok: false, locked, errorMessage: locked ? LOGIN_LOCKED : MSG.loginFailed }
  }
  if (check.needsRehash) await updatePasswordHash(env.DB, profile.profile_id, await hashPassword(input.password, env.PASSWORD_PEPPER))
  // 2-step sign-in (decision 179): a code, unless this device was remembered for it.
  if (profile.two_step === 1 && !(await isRemembered(env, profile.profile_id, meta.deviceId, now))) {
    const sent = await sendCode(env, profile, 'sign-in', null, meta, now)
    if (!sent.ok) return { ok: false, locked: false, errorMessage: sent.errorMessage }
    await audit(env, meta.requestId, 'login.code_sent', profile.profile_id)
    return { ok: false, codeSent: true, codeId: sent.codeId }
  }
  const signedIn = await completeSignIn(env, profile, meta, { method: 'password' })
  return { ok: true, profile: await profileView(env, profile), ...signedIn }
}
