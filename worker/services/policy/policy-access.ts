import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { findLinkedPolicyRecord, findPolicyRecord, recordOf, type PolicyColumns, type PolicyRecord } from '../../db/policy/policies'
import { setCurrentPolicy } from '../../db/identity/sessions'
import type { Session } from '../identity/session'

/**
 * A policy this session may see, with the flag the layout needs, in one query; or null: another
 * person's policy is exactly like a missing one. An SSO session may see the policies the identity
 * service returned, a claim session (decision 220) its one policy; a direct session its profile's
 * linked policies (read live, so unlinking takes effect at once).
 */
async function loadPolicyInScope(env: Env, session: Session, policyId: string): Promise<PolicyRecord | null> {
  if (session.kind !== 'direct') return session.ssoScope.includes(policyId) ? findPolicyRecord(env.DB, policyId) : null
  return session.profileId === null ? null : findLinkedPolicyRecord(env.DB, session.profileId, policyId)
}

export async function policyInScope(env: Env, session: Session, policyId: string): Promise<Policy | null> {
  return (await loadPolicyInScope(env, session, policyId))?.policy ?? null
}

/** Loads a policy into the session ("the policy is loaded"), so the servicing pages show it. */
export async function openPolicy(env: Env, session: Session, policyId: string): Promise<Policy | null> {
  const policy = await policyInScope(env, session, policyId)
  if (!policy) return null
  await setCurrentPolicy(env.DB, session.id, policy.policyID)
  session.currentPolicyId = policy.policyID
  return policy
}

/**
 * The session's loaded policy (with its flag), re-checked against the scope on every request: from the
 * columns the session's own query brought (`preread`, the request's SessionReads.policy) when it
 * brought them, else one query. The same scope rules as loadPolicyInScope: an SSO session's
 * identity-service scope, a direct session's live link to its profile.
 */
export async function loadCurrentPolicy(
  env: Env,
  session: Session | null,
  preread?: (PolicyColumns & { linked: boolean }) | null,
): Promise<PolicyRecord | null> {
  const policyId = session?.currentPolicyId
  if (!session || !policyId) return null
  if (preread !== undefined) {
    const inScope = preread !== null && (session.kind !== 'direct' ? session.ssoScope.includes(policyId) : session.profileId !== null && preread.linked)
    const record = inScope ? recordOf(preread) : null
    if (record !== undefined) return record
  }
  return loadPolicyInScope(env, session, policyId)
}

export async function currentPolicy(env: Env, session: Session | null): Promise<Policy | null> {
  return (await loadCurrentPolicy(env, session))?.policy ?? null
}
