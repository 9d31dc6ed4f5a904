import type { D1Database } from '@cloudflare/workers-types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { reportedClaims } from '../../db/claims/claim-records'

type HistoryClaim = Policy['claims'][number]

/**
 * Claims History with the claims reported through the portal (issue 10): they show at once, status
 * 'Reported' and nothing paid yet, newest first above the policy's own claims. A claim the policy
 * record already lists (the claims system caught up) shows once, as the policy has it. `withPage`: the
 * claim numbers the portal holds a row for, which have a claim page (issue 19); the seed's historical
 * claims have none.
 */
export async function claimsWithReported(
  db: D1Database,
  policy: Pick<Policy, 'policyID' | 'claims'>,
): Promise<{ claims: HistoryClaim[]; withPage: ReadonlySet<string> }> {
  const known = new Set(policy.claims.map((c) => c.claimID))
  const rows = await reportedClaims(db, policy.policyID)
  const reported = rows
    .filter((r) => !known.has(r.claim_number))
    .map((r): HistoryClaim => ({ claimID: r.claim_number, lossAmount: 0, lossDate: r.loss_date, peril: r.peril, status: r.status }))
  return { claims: [...reported, ...policy.claims], withPage: new Set(rows.map((r) => r.claim_number)) }
}
