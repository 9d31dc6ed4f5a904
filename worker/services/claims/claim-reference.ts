import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import type { PolicyFamily } from '../../../shared/policy/family'
import type { ClaimSeedAnswer, ClaimsMatrixAnswer } from '../../../shared/claims/api-shapes'
import { MATRIX_EMPTY_MESSAGE, SEED_EMPTY_MESSAGE } from '../../../shared/claims/messages'
import { matrixFiltered, policyActiveOn, streetLine } from '../../../shared/claims/policy-facts'
import { claimDeductibles } from '../../../shared/policy/coverages'
import { claimSeedRecord, claimsMatrix, fraudLanguage } from '../../db/claims/claim-reference-data'
import { globalFeatures } from '../policy/features'

/**
 * The answers of GetClaimsMatrix and GetPolicySeedDataForClaim (spec 001 sections 3 and 7). An empty
 * result carries the spec's message, so a caller that only lists messages still says what went wrong.
 */

/** The family's matrix; filtered to the policy's plan when pH.UseClaimsMatrixFiltered is on for it. */
export async function claimsMatrixAnswer(env: Env, family: PolicyFamily, policy: Policy | null): Promise<ClaimsMatrixAnswer> {
  const filtered = policy !== null && matrixFiltered(policy.features, await globalFeatures(env))
  const result = await claimsMatrix(env.DB, family, filtered ? policy.planId : null)
  return { result, Messages: result.length === 0 ? [MATRIX_EMPTY_MESSAGE] : [] }
}

/** The seed data for a claim on the policy with this date of loss (yyyy-mm-dd). */
export async function claimSeedAnswer(env: Env, policy: Policy, lossDate: string): Promise<ClaimSeedAnswer> {
  const [record, fraud] = await Promise.all([claimSeedRecord(env.DB, policy.policyID), fraudLanguage(env.DB, policy.state)])
  const risk = policy.riskAddresses[0]
  if (!record || !fraud || !risk) return { result: null, message: SEED_EMPTY_MESSAGE }
  return {
    result: {
      PlanId: policy.planId,
      IsPolicyActive: policyActiveOn(policy, lossDate),
      Exclusions: record.exclusions,
      endorsements: record.endorsements,
      LocationAddress: streetLine(risk.address1, risk.address2),
      LocationCity: risk.city,
      LocationState: risk.state,
      LocationZipCode: risk.zipCode,
      InsuredFirstName: policy.firstName,
      InsuredLastName: policy.lastName,
      fnolFraudLanguage: fraud,
      // The box reads the policy's coverages (issue 24); the seed row is the fallback for an older document.
      Deductibles: policy.coverages ? claimDeductibles(policy.coverages) : record.deductibles,
      ShellClaim: record.shellClaim,
      mitigationType: record.mitigationType,
      ErrorMessages: [],
    },
    message: '',
  }
}
