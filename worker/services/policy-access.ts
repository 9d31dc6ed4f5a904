import type { Env } from '../env'
import type { Policy } from '../../shared/schemas/policy'
import { findLinkedPolicyRecord, findPolicyRecord, recordOf, type PolicyColumns, type PolicyRecord } from '../db/policies'
import { setCurrentPolicy } from '../db/sessions'
import type { Session } from './session'

/**
 * A policy this session may see, with the flag the layout needs, in one query; or null: another
 * person's policy is exactly like a missing one. An SSO session may see the policies the identity
 * service returned; a direct session its profile's linked policies (read live, so unlinking takes
 * effect at once).
 */
export async function loadPolicyInScope(env: Env, session: Session, policyId: string): Promise<PolicyRecord | null> {
  if (session.kind === 'sso') return session.ssoScope.includes(policyId) ? findPolicyRecord(env.DB, policyId) : null
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

/** The loaded policy read with the session row (resolveSession withPolicy), for this request's guards only. */
const preloaded = new WeakMap<Session, { policyId: string; record: PolicyRecord | null }>()

/**
 * Keeps the policy read in the session's own query, with the same scope rules as loadPolicyInScope:
 * an SSO session's identity-service scope, a direct session's live link to its profile.
 */
export function preloadCurrentPolicy(session: Session, columns: (PolicyColumns & { linked: boolean }) | null): void {
  const policyId = session.currentPolicyId
  if (!policyId) return
  const inScope = columns !== null && (session.kind === 'sso' ? session.ssoScope.includes(policyId) : session.profileId !== null && columns.linked)
  const record = inScope ? recordOf(columns) : null
  if (record !== undefined) preloaded.set(session, { policyId, record })
}

/**
 * The session's loaded policy (with its flag), re-checked against the scope on every request: from the
 * session's own query when it brought it (once; a later call reads again), else one query.
 */
export async function loadCurrentPolicy(env: Env, session: Session | null): Promise<PolicyRecord | null> {
  if (!session?.currentPolicyId) return null
  const pre = preloaded.get(session)
  preloaded.delete(session)
  if (pre && pre.policyId === session.currentPolicyId) return pre.record
  return loadPolicyInScope(env, session, session.currentPolicyId)
}

export async function currentPolicy(env: Env, session: Session | null): Promise<Policy | null> {
  return (await loadCurrentPolicy(env, session))?.policy ?? null
}
