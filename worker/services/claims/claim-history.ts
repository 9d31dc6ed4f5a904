import type { D1Database } from '@cloudflare/workers-types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { reportedClaims } from '../../db/claims/claim-records'
import { paidCents } from '../../../shared/claims/follow-up/amount-paid'

type HistoryClaim = Policy['claims'][number]

/**
 * Claims History with the claims reported through the portal (issue 10): they show at once, status
 * 'Reported', newest first above the policy's own claims. A claim the policy record already lists (the
 * claims system caught up) shows once, as the policy has it. Every claim has a page (issue 32), so every
 * row links to one. Amount Paid is what the claim's payment events paid, or what the record says when
 * it says more (shared/claims/amount-paid.ts).
 */
export async function claimsWithReported(db: D1Database, policy: Pick<Policy, 'policyID' | 'claims'>): Promise<HistoryClaim[]> {
  const rows = await reportedClaims(db, policy.policyID)
  const paid = new Map(rows.map((r) => [r.claim_number, r.paid_cents]))
  const known = new Set(policy.claims.map((c) => c.claimID))
  const reported = rows
    .filter((r) => !known.has(r.claim_number))
    .map((r): HistoryClaim => ({ claimID: r.claim_number, lossAmount: paidCents(null, r.paid_cents), lossDate: r.loss_date, peril: r.peril, status: r.status }))
  const recorded = policy.claims.map((c) => ({ ...c, lossAmount: paidCents(c.lossAmount, paid.get(c.claimID) ?? null) }))
  return [...reported, ...recorded]
}
