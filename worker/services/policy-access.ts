import type { Env } from '../env'
import type { Policy } from '../../shared/schemas/policy'
import { findPolicy } from '../db/policies'
import { setCurrentPolicy } from '../db/sessions'
import { canSeePolicy, type Session } from './session'

/** A policy this session may see, or null: another person's policy is exactly like a missing one. */
export async function policyInScope(env: Env, session: Session, policyId: string): Promise<Policy | null> {
  if (!(await canSeePolicy(env, session, policyId))) return null
  return findPolicy(env.DB, policyId)
}

/** Loads a policy into the session ("the policy is loaded"), so the servicing pages show it. */
export async function openPolicy(env: Env, session: Session, policyId: string): Promise<Policy | null> {
  const policy = await policyInScope(env, session, policyId)
  if (!policy) return null
  await setCurrentPolicy(env.DB, session.id, policy.policyID)
  session.currentPolicyId = policy.policyID
  return policy
}

/** The session's loaded policy, re-checked against the scope on every request. */
export async function currentPolicy(env: Env, session: Session | null): Promise<Policy | null> {
  if (!session?.currentPolicyId) return null
  return policyInScope(env, session, session.currentPolicyId)
}
