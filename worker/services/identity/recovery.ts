import type { Env } from '../../env'
import { findProfile, linkedPolicies } from '../../db/identity/profiles'
import { passkeysOf } from '../../db/identity/passkeys'
import { LINKING_MSG } from '../../../shared/identity/schemas/profile-messages'
import { checkPolicyIdentity, type IdentityInput } from './policy-linking'
import type { Meta } from './session-rotation'

/**
 * Recovery (issue 23 item 5, decision 181). A profile with 2-step sign-in or a passkey has a stronger
 * sign-in than its mailbox: its reset link alone does not replace it, the identity check of registration
 * on one of its policies is asked too.
 */
export async function recoveryNeedsIdentity(env: Env, profileId: string): Promise<boolean> {
  const profile = await findProfile(env.DB, profileId)
  if (!profile) return false
  return profile.two_step === 1 || (await passkeysOf(env.DB, profileId)).length > 0
}

/**
 * The identity check on a policy linked to the profile, behind the same per-policy failure counter as
 * registration; a policy that is not the profile's answers exactly like a mismatch.
 */
export async function checkRecoveryIdentity(
  env: Env,
  profileId: string,
  input: IdentityInput,
  meta: Meta,
): Promise<{ ok: true } | { ok: false; errorMessage: string }> {
  const check = await checkPolicyIdentity(env, input, meta, profileId)
  if (!check.ok) return check
  const linked = await linkedPolicies(env.DB, profileId)
  return linked.some((p) => p.policy_id === input.policyID) ? { ok: true } : { ok: false, errorMessage: LINKING_MSG.noMatch }
}
