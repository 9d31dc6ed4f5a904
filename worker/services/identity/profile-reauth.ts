import type { Env } from '../../env'
import type { ProfileRow } from '../../db/identity/profiles'
import { clearFailures, isLocked, recordFailure, LOGIN_RULE } from '../../db/counters'
import { CURRENT_PASSWORD_MSG } from '../../../shared/identity/schemas/profile-messages'
import { verifyPassword } from '../../lib/password-hash'
import { loginCounterKey } from './login'
import { audit } from '../../db/audit'
import type { Session } from './session'
import { needsStepUp } from '../../../shared/identity/sign-in-code'

export type Reauthentication = { ok: true } | { ok: false; errorMessage: string }

/**
 * ASVS 2.1.6 (decision 130): a change of password or email address is confirmed with the current
 * password. A wrong one is a login failure of the account: it counts on the same counter as the login
 * (decision 121), so guessing through a stolen session locks the account exactly as guessing at the
 * login does, and a locked account refuses even the right password here until the lock ends.
 */
export async function confirmCurrentPassword(
  env: Env,
  profile: Pick<ProfileRow, 'profile_id' | 'password_hash'>,
  given: string,
  requestId: string,
  now = Date.now(),
): Promise<Reauthentication> {
  const key = loginCounterKey(profile.profile_id, '')
  const wasLocked = await isLocked(env.DB, key, now)
  const check = await verifyPassword(given, env.PASSWORD_PEPPER, profile.password_hash)
  if (!check.ok || wasLocked) {
    const locked = await recordFailure(env.DB, key, LOGIN_RULE, now)
    await audit(env, requestId, locked ? 'reauth.locked' : 'reauth.failed', profile.profile_id)
    return { ok: false, errorMessage: locked ? CURRENT_PASSWORD_MSG.locked : CURRENT_PASSWORD_MSG.wrong }
  }
  await clearFailures(env.DB, key)
  return { ok: true }
}

/**
 * Step-up (issue 23 item 3, decision 180; issue 31 item 2, decision 202), the one rule for every
 * sensitive change: the password, the user name or email address, turning 2-step sign-in off, adding a
 * passkey, saving a card or bank account, making a method the default, turning automatic payments on or
 * moving them to another method, unlinking a policy. A session whose person last proved it more than 10
 * minutes ago (the system clock, like the session itself) must prove it again, with a mailed code or a
 * passkey, before the change. It comes on top of the current password (decision 130), which proves
 * knowledge, not that it is still them.
 */
export function stepUpRequired(session: Pick<Session, 'verifiedAt'>, now = Date.now()): boolean {
  return needsStepUp(session.verifiedAt, now)
}

/**
 * Your Profile and PUT /v1/profile: a change of the user name or the email address (each compared as it
 * is matched, case aside) is sensitive; saving them as they are is not.
 */
export function profileChangeNeedsStepUp(
  session: Pick<Session, 'verifiedAt'>,
  current: { userName: string; emailAddress: string },
  next: { userName: string; emailAddress: string },
  now = Date.now(),
): boolean {
  const changed = (a: string, b: string) => a.toLowerCase() !== b.toLowerCase()
  return stepUpRequired(session, now) && (changed(current.userName, next.userName) || changed(current.emailAddress, next.emailAddress))
}
