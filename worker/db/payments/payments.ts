import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import { isUniqueViolation } from '../unique-violation'
import type { PendingPayment } from '../../../shared/payments/pending'
import type { Locale } from '../../../shared/i18n/locale'

/**
 * The payments table (0007_payments.sql, 0009_payment_posting.sql): one row per payment sent to the
 * processor. Never a card number, CVV or bank account number: brand, last four and references.
 */
type PaymentStatus = 'pending' | 'approved' | 'declined' | 'failed'
type PaymentOutcome = 'approved' | 'declined' | 'insufficient_funds' | 'error' | 'unknown' | 'never-received'

export interface PaymentRow {
  payment_id: string
  idempotency_key: string
  request_fingerprint: string
  policy_id: string
  family: 'flood' | 'homeowners'
  session_id: string
  session_kind: 'direct' | 'sso'
  profile_id: string | null
  channel: 'island' | 'form' | 'api'
  request_id: string
  amount_cents: number
  method_kind: 'card' | 'bank'
  brand: string
  last4: string
  check_number: string | null
  payer_name: string
  receipt_email: string | null
  authorization_text: string | null
  authorization_version: string | null
  status: PaymentStatus
  outcome: PaymentOutcome | null
  processor_ref: string | null
  processor_message: string | null
  confirmation_number: string | null
  response_status: 200 | 202 | null
  response_text: string | null
  created_at: number
  settled_at: number | null
  post_date: string | null
  /** Issue 22: the saved method it was charged with, and an automatic payment's due date. */
  saved_method_id: string | null
  autopay_due_date: string | null
  /** Issue 36 (0039): the language of the request that made it, for the mails of a payment without a profile. */
  language: Locale
}

export type NewPayment = Pick<
  PaymentRow,
  | 'payment_id'
  | 'idempotency_key'
  | 'request_fingerprint'
  | 'policy_id'
  | 'family'
  | 'session_id'
  | 'session_kind'
  | 'profile_id'
  | 'channel'
  | 'request_id'
  | 'amount_cents'
  | 'method_kind'
  | 'brand'
  | 'last4'
  | 'check_number'
  | 'payer_name'
  | 'receipt_email'
  | 'authorization_text'
  | 'authorization_version'
  | 'created_at'
> &
  Partial<Pick<PaymentRow, 'saved_method_id' | 'autopay_due_date' | 'language'>>

/** 'inserted', or which unique rule refused it: this attempt exists, or another payment is in flight. */
export type InsertResult = 'inserted' | 'same-key' | 'other-pending'

/** Inserts the payment pending, in one batch with `alongside` (which a refused insert leaves undone). */
export async function insertPendingPayment(db: D1Database, p: NewPayment, alongside: D1PreparedStatement[] = []): Promise<InsertResult> {
  const cols = Object.keys(p) as (keyof NewPayment)[]
  try {
    await db.batch([
      db.prepare(`INSERT INTO payments (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).bind(...cols.map((c) => p[c] ?? null)),
      ...alongside,
    ])
    return 'inserted'
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    // Which index refused it: the attempt's own key, or the one-pending-per-policy rule.
    return (await findPaymentByKey(db, p.policy_id, p.idempotency_key)) ? 'same-key' : 'other-pending'
  }
}

export function findPaymentByKey(db: D1Database, policyId: string, idempotencyKey: string): Promise<PaymentRow | null> {
  return db.prepare('SELECT * FROM payments WHERE policy_id = ? AND idempotency_key = ?').bind(policyId, idempotencyKey).first<PaymentRow>()
}

export function findPayment(db: D1Database, paymentId: string): Promise<PaymentRow | null> {
  return db.prepare('SELECT * FROM payments WHERE payment_id = ?').bind(paymentId).first<PaymentRow>()
}

export function findPaymentByConfirmation(db: D1Database, confirmationNumber: string): Promise<PaymentRow | null> {
  return db.prepare("SELECT * FROM payments WHERE confirmation_number = ? AND status = 'approved'").bind(confirmationNumber).first<PaymentRow>()
}

export interface Settlement {
  status: Exclude<PaymentStatus, 'pending'>
  outcome: PaymentOutcome
  processorRef: string | null
  processorMessage: string | null
  confirmationNumber: string | null
  responseStatus: 200 | 202
  responseText: string
  settledAt: number
  postDate: string
}

/**
 * Settles a pending payment; a no-op when it is already settled (a racing retry or the cron got there
 * first: the first answer stands). Approving fires the trigger that posts the payment to the policy.
 */
export function settlePaymentStatement(db: D1Database, paymentId: string, s: Settlement): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE payments SET status = ?, outcome = ?, processor_ref = ?, processor_message = ?, confirmation_number = ?,
         response_status = ?, response_text = ?, settled_at = ?, post_date = ?
       WHERE payment_id = ? AND status = 'pending'`,
    )
    .bind(s.status, s.outcome, s.processorRef, s.processorMessage, s.confirmationNumber, s.responseStatus, s.responseText, s.settledAt, s.postDate, paymentId)
}

/** The processor did not say what happened: the payment stays pending (its settlement is queued beside this). */
export function outcomeUnknownStatement(db: D1Database, paymentId: string, detail: string): D1PreparedStatement {
  return db
    .prepare("UPDATE payments SET outcome = 'unknown', processor_message = ? WHERE payment_id = ? AND status = 'pending'")
    .bind(detail.slice(0, 200), paymentId)
}

/**
 * SQL: the policy's payment still pending (at most one: the partial unique index of 0007), as JSON, or
 * NULL. A column of the policy reads themselves (decision 141: one query per page), so every page that
 * shows the policy knows whether a payment on it is being processed (decision 171).
 */
export function pendingPaymentColumn(table: string): string {
  return `(SELECT json_object('paymentId', pay.payment_id, 'amountCents', pay.amount_cents, 'createdAt', pay.created_at)
    FROM payments pay WHERE pay.policy_id = ${table}.policy_id AND pay.status = 'pending')`
}

/** The pending payment of a row read with pendingPaymentColumn(). */
export function pendingPaymentOf(json: string | null | undefined): PendingPayment | null {
  if (!json) return null
  const p = JSON.parse(json) as PendingPayment
  return { paymentId: p.paymentId, amountCents: p.amountCents, createdAt: p.createdAt }
}
