import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { PayoutChoice } from '../../../shared/claims/payout/payout-choice'

/**
 * How a claim is paid (migration 0029, decision 210): the SQL only. The rules are
 * services/claims/claim-payout.ts.
 */
export interface PayoutChoiceRow {
  claim_number: string
  method: 'deposit' | 'check'
  payout_token: string | null
  bank_name: string | null
  last4: string | null
  payee: string | null
  address1: string | null
  address2: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  version: number
  sent_version: number | null
}

const PAYOUT_CHANNEL = 'claim-payout'

/** A kept choice, with the processor's token for a deposit (the token never leaves the server). */
export type KeptChoice = PayoutChoice & { payoutToken?: string }

/**
 * The choice and its delivery, for one batch. The row's version grows only when the choice differs from
 * the one kept, and the delivery is queued under the row's version: a repeat of the same choice (a double
 * click, two tabs at once) changes nothing and queues nothing, so each choice reaches the claims system once.
 */
export function choosePayoutStatements(db: D1Database, claimNumber: string, c: KeptChoice, chosenBy: string, now: number): D1PreparedStatement[] {
  const deposit = c.method === 'deposit'
  const values = [
    claimNumber,
    c.method,
    deposit ? (c.payoutToken ?? null) : null,
    deposit ? c.bankName : null,
    deposit ? c.last4 : null,
    deposit ? null : c.payee,
    deposit ? null : c.address1,
    deposit ? null : c.address2,
    deposit ? null : c.city,
    deposit ? null : c.state,
    deposit ? null : c.zipCode,
    chosenBy,
    now,
  ]
  return [
    db
      .prepare(
        `INSERT INTO claim_payout_choices (claim_number, method, payout_token, bank_name, last4, payee, address1, address2, city, state, zip_code, version, chosen_by, chosen_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 1, ?12, ?13)
         ON CONFLICT (claim_number) DO UPDATE SET method = excluded.method, payout_token = excluded.payout_token, bank_name = excluded.bank_name,
           last4 = excluded.last4, payee = excluded.payee, address1 = excluded.address1, address2 = excluded.address2, city = excluded.city,
           state = excluded.state, zip_code = excluded.zip_code, version = claim_payout_choices.version + 1, chosen_by = excluded.chosen_by,
           chosen_at = excluded.chosen_at
         WHERE claim_payout_choices.method IS NOT excluded.method OR claim_payout_choices.payout_token IS NOT excluded.payout_token
           OR claim_payout_choices.payee IS NOT excluded.payee OR claim_payout_choices.address1 IS NOT excluded.address1
           OR claim_payout_choices.address2 IS NOT excluded.address2 OR claim_payout_choices.city IS NOT excluded.city
           OR claim_payout_choices.state IS NOT excluded.state OR claim_payout_choices.zip_code IS NOT excluded.zip_code`,
      )
      .bind(...values),
    db
      .prepare(
        `INSERT INTO outbox (channel, dedupe_key, payload, status, attempts, next_attempt_at, created_at)
         SELECT ?2, ?2 || ':' || claim_number || ':' || version, json_object('claimNumber', claim_number, 'version', version), 'pending', 0, ?3, ?3
         FROM claim_payout_choices WHERE claim_number = ?1
         ON CONFLICT (dedupe_key) DO NOTHING`,
      )
      .bind(claimNumber, PAYOUT_CHANNEL, now),
  ]
}

export function payoutChoiceRow(db: D1Database, claimNumber: string): Promise<(PayoutChoiceRow & { claim_sent_at: number | null }) | null> {
  return db
    .prepare('SELECT p.*, c.sent_at AS claim_sent_at FROM claim_payout_choices p JOIN claims c ON c.claim_number = p.claim_number WHERE p.claim_number = ?1')
    .bind(claimNumber)
    .first()
}

export async function markPayoutSent(db: D1Database, claimNumber: string, version: number): Promise<void> {
  await db.prepare('UPDATE claim_payout_choices SET sent_version = MAX(COALESCE(sent_version, 0), ?2) WHERE claim_number = ?1').bind(claimNumber, version).run()
}

/** The choice as it may be shown (no token). */
export function shownChoice(r: PayoutChoiceRow): PayoutChoice {
  if (r.method === 'deposit') return { method: 'deposit', bankName: r.bank_name ?? 'Bank account', last4: r.last4 ?? '' }
  return {
    method: 'check',
    payee: r.payee ?? '',
    address1: r.address1 ?? '',
    address2: r.address2 ?? '',
    city: r.city ?? '',
    state: r.state ?? '',
    zipCode: r.zip_code ?? '',
  }
}

/** The payment events of the policy's portal claims (issued and later statuses), in sequence order per claim. */
export async function paymentEventsOfPolicy(
  db: D1Database,
  policyId: string,
): Promise<{ claim_number: string; event_id: string; type: string; payload: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT e.claim_number, e.event_id, e.type, e.payload FROM claim_events e JOIN claims c ON c.claim_number = e.claim_number
       WHERE c.policy_id = ?1 AND e.type IN ('payment.issued', 'payment.status') ORDER BY e.claim_number, e.sequence, e.received_at`,
    )
    .bind(policyId)
    .all<{ claim_number: string; event_id: string; type: string; payload: string }>()
  return results
}
