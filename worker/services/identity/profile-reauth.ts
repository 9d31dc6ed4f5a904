import type { Env } from '../../env'
import type { ProfileRow } from '../../db/identity/profiles'
import { countedAttempt, LOGIN_RULE } from '../../db/counters'
import { CURRENT_PASSWORD_MSG } from '../../../shared/identity/schemas/profile-messages'
import { DUMMY_HASH, verifyPassword } from '../../lib/password-hash'
import { loginCounterKey } from './login'
import { audit } from '../../db/audit'

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
  const attempt = await countedAttempt(env.DB, key, LOGIN_RULE, now, async (admitted) => {
    const check = await verifyPassword(given, env.PASSWORD_PEPPER, admitted ? profile.password_hash : DUMMY_HASH)
    return check.ok
  })
  if (!attempt.passed) {
    await audit(env, requestId, attempt.locked ? 'reauth.locked' : 'reauth.failed', profile.profile_id)
    return { ok: false, errorMessage: attempt.locked ? CURRENT_PASSWORD_MSG.locked : CURRENT_PASSWORD_MSG.wrong }
  }
  return { ok: true }
}
