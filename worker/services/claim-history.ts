import type { D1Database } from '@cloudflare/workers-types'
import type { Policy } from '../../shared/schemas/policy'
import { reportedClaims } from '../db/claim-records'

type HistoryClaim = Policy['claims'][number]

/**
 * Claims History with the claims reported through the portal (issue 10): they show at once, status
 * 'Reported' and nothing paid yet, newest first above the policy's own claims. A claim the policy
 * record already lists (the claims system caught up) shows once, as the policy has it.
 */
export async function claimsWithReported(db: D1Database, policy: Pick<Policy, 'policyID' | 'claims'>): Promise<HistoryClaim[]> {
  const known = new Set(policy.claims.map((c) => c.claimID))
  const reported = (await reportedClaims(db, policy.policyID))
    .filter((r) => !known.has(r.claim_number))
    .map((r): HistoryClaim => ({ claimID: r.claim_number, lossAmount: 0, lossDate: r.loss_date, peril: r.peril, status: r.status }))
  return [...reported, ...policy.claims]
}
