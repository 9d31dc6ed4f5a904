import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { ChangeKind, ChangeStatus } from '../../../shared/policy/changes/kinds'
import type { MortgageeEntry } from '../../../shared/policy/changes/mortgagee'
import type { Deductible } from '../../../shared/policy/schemas/coverages'
import type { Billing } from '../../../shared/policy/changes/billing-plan'

/**
 * A policy's changes (migration 0033, decision 214): one row per change priced for it, its history.
 */
export interface PolicyChangeRow {
  change_id: string
  policy_id: string
  requested_by: string
  kind: ChangeKind
  request: string
  summary: string
  /** The policy's parts the change was priced on (JSON): it is bound only while the policy still has them. */
  as_of: string
  effective_date: string
  notify_email: string | null
  quote_id: string
  premium_change_cents: number
  referral: string | null
  status: ChangeStatus | 'declined'
  admin_change_id: string | null
  created_at: number
  binding_since: number | null
  decided_at: number | null
}

/** How long a 'binding' row is held by the request that took it before another may take it (that request died). */
const BINDING_HELD_MS = 2 * 60_000

export async function insertChange(db: D1Database, r: Omit<PolicyChangeRow, 'status' | 'admin_change_id' | 'binding_since' | 'decided_at'>): Promise<void> {
  await db
    .prepare(
      `INSERT INTO policy_changes (change_id, policy_id, requested_by, kind, request, summary, as_of, effective_date, notify_email, quote_id,
         premium_change_cents, referral, status, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?13, ?7, ?8, ?9, ?10, ?11, 'quoted', ?12)`,
    )
    .bind(
      r.change_id,
      r.policy_id,
      r.requested_by,
      r.kind,
      r.request,
      r.summary,
      r.effective_date,
      r.notify_email,
      r.quote_id,
      r.premium_change_cents,
      r.referral,
      r.created_at,
      r.as_of,
    )
    .run()
}

/** The change, when it is this policy's (another policy's change is not found, as a missing one). */
export function changeOfPolicy(db: D1Database, policyId: string, changeId: string): Promise<PolicyChangeRow | null> {
  return db.prepare('SELECT * FROM policy_changes WHERE change_id = ?1 AND policy_id = ?2').bind(changeId, policyId).first<PolicyChangeRow>()
}

/** The policy's history: every change sent (priced ones never confirmed are not history), newest first. */
export async function changesOfPolicy(db: D1Database, policyId: string): Promise<PolicyChangeRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM policy_changes WHERE policy_id = ?1 AND status <> 'quoted' ORDER BY created_at DESC, change_id LIMIT 100")
    .bind(policyId)
    .all<PolicyChangeRow>()
  return results
}

/**
 * Takes the change to send it: from 'quoted', or from a 'binding' its request left (older than
 * BINDING_HELD_MS). One UPDATE: of two confirmations at once, one gets the row, the other null.
 */
export function takeForBinding(db: D1Database, policyId: string, changeId: string, now: number): Promise<PolicyChangeRow | null> {
  return db
    .prepare(
      `UPDATE policy_changes SET status = 'binding', binding_since = ?3
       WHERE change_id = ?1 AND policy_id = ?2 AND (status = 'quoted' OR (status = 'binding' AND binding_since < ?3 - ?4))
       RETURNING *`,
    )
    .bind(changeId, policyId, now, BINDING_HELD_MS)
    .first<PolicyChangeRow>()
}

/** Gives the change back (nothing was bound, or what happened is unknown: the same key may be sent again). */
export async function giveBack(db: D1Database, changeId: string): Promise<void> {
  await db.prepare("UPDATE policy_changes SET status = 'quoted', binding_since = NULL WHERE change_id = ?1 AND status = 'binding'").bind(changeId).run()
}

/** The change's outcome, from the state it is in (binding, or referred for a reviewer's answer). */
export function decideStatement(
  db: D1Database,
  changeId: string,
  from: 'binding' | 'referred',
  to: { status: 'bound' | 'referred' | 'declined'; adminChangeId: string },
  now: number,
): D1PreparedStatement {
  return db
    .prepare('UPDATE policy_changes SET status = ?3, admin_change_id = ?4, decided_at = ?5 WHERE change_id = ?1 AND status = ?2')
    .bind(changeId, from, to.status, to.adminChangeId, now)
}

/** The policy of record's mortgagees, as the carrier bound them. */
export function setMortgageesStatement(db: D1Database, policyId: string, mortgagees: readonly MortgageeEntry[], now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE policies SET doc = json_set(doc, '$.mortgagees', json(?2)), updated_at = ?3 WHERE policy_id = ?1")
    .bind(policyId, JSON.stringify(mortgagees), now)
}

/** The policy of record's mailing address, email and phone, as the carrier bound them (decision 215). */
export function setMailingAddressStatement(
  db: D1Database,
  policyId: string,
  c: { mailingAddress: object; email: string; homePhone: string },
  now: number,
): D1PreparedStatement {
  return db
    .prepare("UPDATE policies SET doc = json_set(doc, '$.mailingAddress', json(?2), '$.email', ?3, '$.homePhone', ?4), updated_at = ?5 WHERE policy_id = ?1")
    .bind(policyId, JSON.stringify(c.mailingAddress), c.email, c.homePhone, now)
}

/** The policy of record's deductibles, as the carrier bound them (decision 216). */
export function setDeductiblesStatement(db: D1Database, policyId: string, deductibles: readonly Deductible[], now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE policies SET doc = json_set(doc, '$.coverages.deductibles', json(?2)), updated_at = ?3 WHERE policy_id = ?1")
    .bind(policyId, JSON.stringify(deductibles), now)
}

/**
 * The policy of record's billing, as the carrier bound it (decision 217): the plan and its schedule,
 * what is owed (fees included), and the first installment as the amount due on its date. The due-date
 * and amount-due columns (0022) follow the document, so automatic payments draft the new amount on the
 * new date; the last bill's thank-you gives way to the new bill.
 */
export function setBillingStatement(
  db: D1Database,
  policyId: string,
  b: { billingPlan: Billing; totalDue: number; amountDue: number; pastDue: number; dueDate: string; recentPayment: number },
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE policies SET doc = json_set(doc, '$.billingPlan', json(?2), '$.totalDue', ?3, '$.amountDue', ?4, '$.pastDue', ?5, '$.dueDate', ?6, '$.recentPayment', ?7),
         updated_at = ?8 WHERE policy_id = ?1`,
    )
    .bind(policyId, JSON.stringify(b.billingPlan), b.totalDue, b.amountDue, b.pastDue, b.dueDate, b.recentPayment, now)
}

/**
 * A 'Policy Change' packet (EB) for the date in the policy's packet list, first (newest first), once:
 * a second change from the same date shares the packet (its PDF lists every change of that date).
 */
export function addChangePacketStatement(db: D1Database, policyId: string, effectiveDate: string, postDate: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE policies SET
         doc = json_set(doc, '$.policyPacketDocuments', (
           SELECT json_group_array(json(value)) FROM (
             SELECT json_object('transactionType', 'EB', 'effectiveDate', ?2, 'postDate', ?3) AS value, -1 AS k
             UNION ALL
             SELECT value, CAST(key AS INTEGER) AS k FROM json_each(COALESCE(json_extract(policies.doc, '$.policyPacketDocuments'), '[]'))
             ORDER BY k
           ))),
         updated_at = ?4
       WHERE policy_id = ?1 AND NOT EXISTS (
         SELECT 1 FROM json_each(COALESCE(json_extract(policies.doc, '$.policyPacketDocuments'), '[]'))
         WHERE json_extract(value, '$.transactionType') = 'EB' AND json_extract(value, '$.effectiveDate') = ?2
       )`,
    )
    .bind(policyId, effectiveDate, postDate, now)
}

/** The bound changes of one effective date and the one being bound now (the packet of that date lists them). */
export async function boundChangesOn(db: D1Database, policyId: string, effectiveDate: string, bindingNow: string): Promise<PolicyChangeRow[]> {
  const { results } = await db
    .prepare(
      "SELECT * FROM policy_changes WHERE policy_id = ?1 AND effective_date = ?2 AND (status = 'bound' OR change_id = ?3) ORDER BY created_at, change_id",
    )
    .bind(policyId, effectiveDate, bindingNow)
    .all<PolicyChangeRow>()
  return results
}
