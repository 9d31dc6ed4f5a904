import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { routeFamilyFor, type PolicyFamily } from '../../../shared/policy/family'
import { policyInScope } from '../../services/policy/policy-access'
import { isPolicyNumberFormat, normalizePolicyNumber } from '../../../shared/policy/policy-number'

export const POLICY_NOT_FOUND = { errorMessage: 'Policy not found.' } as const

/**
 * The policy an operation of a route family addresses, or null (answer 404 with POLICY_NOT_FOUND):
 * malformed id, wrong family for this operation, missing, or outside the session's scope all look alike.
 */
export async function policyForOperation(c: Context<AppEnv>, family: PolicyFamily, operation: string, rawPolicyId: string | undefined): Promise<Policy | null> {
  const policyId = normalizePolicyNumber(rawPolicyId ?? '')
  if (!isPolicyNumberFormat(policyId) || routeFamilyFor(policyId, operation) !== family) return null
  const session = c.get('session')
  return session ? policyInScope(c.env, session, policyId) : null
}
