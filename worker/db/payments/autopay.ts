import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { AutopayFacts } from '../../../shared/payments/autopay'
import { isUniqueViolation } from '../unique-violation'

/** autopay_enrolments (0019): one active enrolment per policy; a stopped one is kept as the authorization's record. */
export interface EnrolmentRow {
  enrolment_id: string
  policy_id: string
  profile_id: string
  method_id: string
  status: 'active' | 'stopped'
  terms_text: string
  terms_version: string
  accepted_at: number
  enrolled_on: string
  session_id: string
  stopped_at: number | null
}

export type NewEnrolment = Omit<EnrolmentRow, 'status' | 'stopped_at'>

export function findActiveEnrolment(db: D1Database, policyId: string): Promise<EnrolmentRow | null> {
  return db.prepare("SELECT * FROM autopay_enrolments WHERE policy_id = ? AND status = 'active'").bind(policyId).first<EnrolmentRow>()
}

/** The enrolment in the same batch as anything it replaces (a stop of the previous one). */
export function insertEnrolmentStatement(db: D1Database, e: NewEnrolment): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO autopay_enrolments (enrolment_id, policy_id, profile_id, method_id, terms_text, terms_version, accepted_at, enrolled_on, session_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(e.enrolment_id, e.policy_id, e.profile_id, e.method_id, e.terms_text, e.terms_version, e.accepted_at, e.enrolled_on, e.session_id)
}

/**
 * Runs an enrolment's batch: 'taken' when the one-active-per-policy index refused it, a request at the
 * same moment having enrolled the policy first (the batch then wrote nothing).
 */
export async function writeEnrolment(db: D1Database, statements: D1PreparedStatement[]): Promise<'written' | 'taken'> {
  try {
    await db.batch(statements)
    return 'written'
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken'
    throw err
  }
}

export function stopEnrolmentStatement(db: D1Database, enrolmentId: string, at: number): D1PreparedStatement {
  return db.prepare("UPDATE autopay_enrolments SET status = 'stopped', stopped_at = ? WHERE enrolment_id = ? AND status = 'active'").bind(at, enrolmentId)
}

/** The facts of a row read with autopayColumn(). */
export function autopayOf(json: string | null | undefined): AutopayFacts | null {
  if (!json) return null
  const raw = JSON.parse(json) as { method: unknown; last: unknown }
  const read = <T>(v: unknown): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : ((v as T) ?? null))
  const facts: AutopayFacts = { method: read<AutopayFacts['method']>(raw.method), last: read<AutopayFacts['last']>(raw.last) }
  return facts.method || facts.last ? facts : null
}

/**
 * SQL: what the payment-due box needs about automatic payments of the policy (decision 176), as JSON:
 * the active enrolment's method, and the last automatic draft. A column of the policy reads themselves
 * (decision 141: one query per page).
 */
export function autopayColumn(table: string): string {
  return `json_object(
    'method', (SELECT json_object('kind', m.kind, 'brand', m.brand, 'last4', m.last4, 'enrolledOn', ae.enrolled_on) FROM autopay_enrolments ae
               JOIN saved_payment_methods m ON m.method_id = ae.method_id
               WHERE ae.policy_id = ${table}.policy_id AND ae.status = 'active'),
    'last', (SELECT json_object('dueDate', ap.autopay_due_date, 'status', ap.status, 'amountCents', ap.amount_cents) FROM payments ap
             WHERE ap.policy_id = ${table}.policy_id AND ap.autopay_due_date IS NOT NULL ORDER BY ap.created_at DESC LIMIT 1))`
}
