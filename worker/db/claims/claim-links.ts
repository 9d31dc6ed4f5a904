import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { ClaimScope } from './claim-lookup'

/**
 * One loss, two policies (migration 0032, decision 213): the links between a claim and the claim of the
 * same loss on the person's other policy of the property, one row per direction, and what their
 * 'claim-link' deliveries read and record. The rules are shared/claims/paired; this file holds the SQL.
 */

/** The claim row the report's batch has just written (claim-records.ts's own look-up, by policy and key). */
const THIS_CLAIM = 'SELECT claim_number FROM claims WHERE policy_id = ?1 AND idempotency_key = ?2'

/**
 * The two links of a claim being reported from the offer, for its own batch (after the claim row): the
 * new claim to `first`, and `first` to the new claim. UNIQUE (claim_number, linked_policy_id) fails the
 * batch when `first` got a claim on this policy meanwhile: the report then makes nothing.
 */
export function newLinkStatements(
  db: D1Database,
  l: { policyId: string; idempotencyKey: string; first: { claimNumber: string; policyId: string }; now: number },
): D1PreparedStatement[] {
  return [
    db
      .prepare(`INSERT INTO claim_links (claim_number, linked_claim_number, linked_policy_id, created_at) SELECT claim_number, ?3, ?4, ?5 FROM (${THIS_CLAIM})`)
      .bind(l.policyId, l.idempotencyKey, l.first.claimNumber, l.first.policyId, l.now),
    db
      .prepare(`INSERT INTO claim_links (claim_number, linked_claim_number, linked_policy_id, created_at) SELECT ?3, claim_number, ?1, ?4 FROM (${THIS_CLAIM})`)
      .bind(l.policyId, l.idempotencyKey, l.first.claimNumber, l.now),
  ]
}

export interface OfferClaimRow {
  claim_number: string
  policy_id: string
  family: 'homeowners' | 'flood'
  peril: string
  loss_date: string
  submission: string
}

/** A claim the portal holds on a policy in scope; null for another person's (exactly like a missing one). */
export function claimInScopeForOffer(db: D1Database, scope: ClaimScope, claimNumber: string): Promise<OfferClaimRow | null> {
  const inScope = scope.kind === 'profile' ? 'SELECT policy_id FROM profile_policies WHERE profile_id = ?2' : 'SELECT value FROM json_each(?2)'
  return db
    .prepare(`SELECT claim_number, policy_id, family, peril, loss_date, submission FROM claims WHERE claim_number = ?1 AND policy_id IN (${inScope})`)
    .bind(claimNumber, scope.kind === 'profile' ? scope.profileId : JSON.stringify(scope.policyIds))
    .first<OfferClaimRow>()
}

/** The policies in scope: a profile's linked ones in its order, or an SSO session's. */
export async function policyIdsInScope(db: D1Database, scope: ClaimScope): Promise<string[]> {
  if (scope.kind === 'policies') return [...scope.policyIds]
  const { results } = await db
    .prepare('SELECT policy_id FROM profile_policies WHERE profile_id = ?1 ORDER BY position, policy_id')
    .bind(scope.profileId)
    .all<{ policy_id: string }>()
  return results.map((r) => r.policy_id)
}

/** The claim already linked to `claimNumber` on `policyId`, if any. */
export async function linkedClaimOnPolicy(db: D1Database, claimNumber: string, policyId: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT linked_claim_number FROM claim_links WHERE claim_number = ?1 AND linked_policy_id = ?2')
    .bind(claimNumber, policyId)
    .first<{ linked_claim_number: string }>()
  return row?.linked_claim_number ?? null
}

export interface LinkedClaimRow {
  linked_claim_number: string
  linked_policy_id: string
  family: 'homeowners' | 'flood'
  /** When the claims system holding this claim took the other claim's number; null while on its way. */
  sent_at: number | null
}

/** The claims linked to a claim, for its page. */
export async function linkedClaims(db: D1Database, claimNumber: string): Promise<LinkedClaimRow[]> {
  const { results } = await db
    .prepare(
      `SELECT l.linked_claim_number, l.linked_policy_id, c.family, l.sent_at FROM claim_links l JOIN claims c ON c.claim_number = l.linked_claim_number
       WHERE l.claim_number = ?1 ORDER BY l.created_at, l.linked_claim_number`,
    )
    .bind(claimNumber)
    .all<LinkedClaimRow>()
  return results
}

export interface LinkForDelivery {
  sent_at: number | null
  /** Both claims filed with the claims system (their notices answered), or not yet. */
  claim_sent_at: number | null
  linked_sent_at: number | null
  linked_carrier_claim_number: string | null
  linked_policy_id: string
  linked_family: 'homeowners' | 'flood'
}

export function linkForDelivery(db: D1Database, claimNumber: string, linkedClaimNumber: string): Promise<LinkForDelivery | null> {
  return db
    .prepare(
      `SELECT l.sent_at, c.sent_at AS claim_sent_at, o.sent_at AS linked_sent_at, o.carrier_claim_number AS linked_carrier_claim_number,
              o.policy_id AS linked_policy_id, o.family AS linked_family
       FROM claim_links l JOIN claims c ON c.claim_number = l.claim_number JOIN claims o ON o.claim_number = l.linked_claim_number
       WHERE l.claim_number = ?1 AND l.linked_claim_number = ?2`,
    )
    .bind(claimNumber, linkedClaimNumber)
    .first<LinkForDelivery>()
}

export async function markLinkSent(db: D1Database, claimNumber: string, linkedClaimNumber: string, now: number): Promise<void> {
  await db
    .prepare('UPDATE claim_links SET sent_at = COALESCE(sent_at, ?3) WHERE claim_number = ?1 AND linked_claim_number = ?2')
    .bind(claimNumber, linkedClaimNumber, now)
    .run()
}

/** The dedupe key of the delivery telling `claimNumber`'s claims system of `linkedClaimNumber`. */
export const claimLinkDedupeKey = (claimNumber: string, linkedClaimNumber: string) => `claim-link:${claimNumber}:${linkedClaimNumber}`

/**
 * The claim was just filed: the link deliveries that waited for it (either side) become due now rather
 * than at the end of a backoff they ran into meanwhile (as decision 185 does for documents).
 */
export function linksWaitingStatement(db: D1Database, claimNumber: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE outbox SET next_attempt_at = ?2 WHERE status = 'pending' AND next_attempt_at > ?2 AND dedupe_key IN
         (SELECT 'claim-link:' || claim_number || ':' || linked_claim_number FROM claim_links
           WHERE (claim_number = ?1 OR linked_claim_number = ?1) AND sent_at IS NULL)`,
    )
    .bind(claimNumber, now)
}
