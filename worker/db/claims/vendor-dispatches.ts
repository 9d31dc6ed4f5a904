import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

/** Emergency vendor dispatches (migration 0015, decision 170): the request, then the vendor's acceptance. */

type VendorDispatchStatus = 'requested' | 'accepted' | 'refused'

export interface VendorDispatchRow {
  claim_number: string
  status: VendorDispatchStatus
  company: string | null
  phone: string | null
  /** Epoch ms. */
  expected_arrival: number | null
  requested_at: number
  accepted_at: number | null
}

/**
 * The 'requested' row, for the claim's own batch: it reads the claim number the batch has just taken
 * from the claim row of this request (policy and idempotency key), as the claim's files do.
 */
export function requestedDispatchStatement(db: D1Database, policyId: string, idempotencyKey: string, at: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO vendor_dispatches (claim_number, status, requested_at)
       SELECT claim_number, 'requested', ?3 FROM claims WHERE policy_id = ?1 AND idempotency_key = ?2
       ON CONFLICT (claim_number) DO NOTHING`,
    )
    .bind(policyId, idempotencyKey, at)
}

/** A claim's dispatch, or null when the policyholder asked for no vendor. */
export function vendorDispatchOf(db: D1Database, claimNumber: string): Promise<VendorDispatchRow | null> {
  return db.prepare('SELECT * FROM vendor_dispatches WHERE claim_number = ?1').bind(claimNumber).first<VendorDispatchRow>()
}

/** The vendor's acceptance; the first one stays (a later answer changes nothing). */
export async function recordAcceptance(
  db: D1Database,
  claimNumber: string,
  a: { company: string; phone: string; expectedArrival: number },
  now: number,
): Promise<void> {
  await db
    .prepare(
      `UPDATE vendor_dispatches SET status = 'accepted', company = ?2, phone = ?3, expected_arrival = ?4, accepted_at = ?5
       WHERE claim_number = ?1 AND status = 'requested'`,
    )
    .bind(claimNumber, a.company, a.phone, a.expectedArrival, now)
    .run()
}

export async function recordRefusal(db: D1Database, claimNumber: string): Promise<void> {
  await db.prepare("UPDATE vendor_dispatches SET status = 'refused' WHERE claim_number = ?1 AND status = 'requested'").bind(claimNumber).run()
}
