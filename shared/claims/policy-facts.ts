import { isCancelled } from '../policy/permissions'

/** Facts of the policy that the claim calls derive (spec 001 sections 3 and 6). */

const MATRIX_FILTER_FLAG = 'pH.UseClaimsMatrixFiltered'

/**
 * Whether GetClaimsMatrix filters the matrix to the policy's plan: the policy's own feature flag when
 * it has one (spec 000 section 6 lists it among policy feature flags), else the global feature.
 */
export function matrixFiltered(policyFeatures: Readonly<Record<string, boolean>>, globalFeatures: Readonly<Record<string, boolean>>): boolean {
  return policyFeatures[MATRIX_FILTER_FLAG] ?? globalFeatures[MATRIX_FILTER_FLAG] ?? false
}

/**
 * IsPolicyActive for a date of loss: the status says Active (not cancelled) and the date falls in the
 * current term, both ends included.
 */
export function policyActiveOn(p: { policyStatus: string; effectiveDate: string; renewalDate: string }, lossDate: string): boolean {
  return !isCancelled(p) && p.policyStatus.trim().toLowerCase().startsWith('active') && lossDate >= p.effectiveDate && lossDate <= p.renewalDate
}

/** One street line from a risk address's two lines ('1500 Ocean Drive Unit 1204'). */
export function streetLine(address1: string, address2 = ''): string {
  return [address1.trim(), address2.trim()].filter(Boolean).join(' ')
}

/** Spec 001 section 2: flood claims are blocked while a balance is due. */
export function floodClaimBlocked(policy: { isFlood: boolean; totalDue: number }): boolean {
  return policy.isFlood && policy.totalDue > 0
}
