import type { Env } from '../env'
import { localDate } from '../../shared/clock'
import { routeFamilyFor } from '../../shared/policy/family'
import { draftDecision } from '../../shared/payments/autopay'
import { activeEnrolments, type DueEnrolment } from '../db/autopay'
import { findPayment, findPaymentByKey, insertPendingPayment, type NewPayment } from '../db/payments'
import { paymentDeps, type PaymentDeps } from './payment-deps'
import { chargeAndSettle, FIRST_CHECK_AFTER_MS, newPaymentId, resume } from './payment'
import { NEVER_RECEIVED_AFTER_MS, settleLaterStatements } from './payment-settlement'
import { log } from './log'

/**
 * The automatic payments of the scheduled work (issue 22 item 2; docs/decisions/176). For each active
 * enrolment whose due date has come (draftDecision), the amount due is charged through the processor,
 * once per policy and due date however often or concurrently this runs: the payment's idempotency key
 * is 'autopay:{due date}', and the payments table's unique (policy, key) makes a second run find the
 * first one's row instead of writing another. From there it is Make a Payment's money flow: the row is
 * written pending (with its payment-settle message) before the processor is called with the payment's
 * reference; a pending row is settled by asking the processor by that reference (the payment-settle
 * channel of the outbox, drained by the same scheduled work), never by a charge under another.
 * A refusal is settled with the 'automatic payment declined' email in the same batch.
 */
export interface AutopayReport {
  charged: number
  refused: number
  pending: number
  skipped: number
}

export async function runAutopay(env: Env, now: number, deps: PaymentDeps = paymentDeps(env, { now: () => now })): Promise<AutopayReport> {
  const report: AutopayReport = { charged: 0, refused: 0, pending: 0, skipped: 0 }
  for (const e of await activeEnrolments(env.DB)) {
    if (!e.due_date || !e.token || !e.method_kind) continue
    const today = localDate(now, e.state)
    if (draftDecision({ enrolledOn: e.enrolled_on, dueDate: e.due_date, dueCents: e.due_cents, today }) !== 'charge') continue
    try {
      report[await draftOne(env, deps, e, now)] += 1
    } catch (err) {
      // One policy's failure (our store, say) does not stop the others; the next run tries again.
      log('error', 'autopay draft failed', { policyId: e.policy_id, dueDate: e.due_date, error: err instanceof Error ? err.message : 'unknown' })
    }
  }
  return report
}

async function draftOne(env: Env, deps: PaymentDeps, e: DueEnrolment, now: number): Promise<keyof AutopayReport> {
  const key = `autopay:${e.due_date}`
  const method = { kind: 'token' as const, token: e.token! }
  const existing = await findPaymentByKey(env.DB, e.policy_id, key)
  if (existing) {
    if (existing.status !== 'pending') return 'skipped'
    // A row no charge was answered for yet, written moments ago (its run died before charging): Make a
    // Payment's resume (lookup, then the same reference). Anything else (an unknown answer, or an old
    // row) is left to the payment-settle channel, which only asks by reference: a fresh charge must
    // never race its 'never received' verdict (NEVER_RECEIVED_AFTER_MS).
    if (existing.outcome !== null || now - existing.created_at >= NEVER_RECEIVED_AFTER_MS / 2) return 'pending'
    await resume(env, deps, existing, existing.request_fingerprint, method, e.state)
    return outcomeOf(env, existing.payment_id)
  }
  const bank = e.method_kind === 'bank'
  const row: NewPayment = {
    payment_id: newPaymentId(),
    idempotency_key: key,
    request_fingerprint: JSON.stringify(['autopay', e.policy_id, e.due_date, e.due_cents, e.method_id]),
    policy_id: e.policy_id,
    family: routeFamilyFor(e.policy_id, 'MakePayment') ?? 'homeowners',
    session_id: e.session_id,
    session_kind: 'direct',
    profile_id: e.profile_id,
    channel: 'api',
    request_id: `autopay:${e.enrolment_id}`,
    amount_cents: e.due_cents,
    method_kind: e.method_kind!,
    brand: bank ? 'ACH' : e.brand!,
    last4: e.last4!,
    check_number: null,
    payer_name: e.nickname!,
    receipt_email: e.policy_email?.trim() || e.profile_email.trim() || null,
    authorization_text: bank ? e.terms_text : null,
    authorization_version: bank ? e.terms_version : null,
    created_at: now,
    saved_method_id: e.method_id,
    autopay_due_date: e.due_date!,
  }
  const inserted = await insertPendingPayment(env.DB, row, settleLaterStatements(env.DB, row.payment_id, now + FIRST_CHECK_AFTER_MS))
  if (inserted === 'other-pending') return 'skipped' // a payment on the policy is in flight: the next run looks again
  if (inserted === 'same-key') {
    // Another run wrote it a moment ago: that run charges it; the processor's reference keeps it to one charge.
    return 'pending'
  }
  log('info', 'autopay draft created', { paymentId: row.payment_id, policyId: row.policy_id, dueDate: e.due_date, amountCents: row.amount_cents })
  const created = (await findPayment(env.DB, row.payment_id))!
  await chargeAndSettle(env, deps, created, method, e.state)
  return outcomeOf(env, row.payment_id)
}

async function outcomeOf(env: Env, paymentId: string): Promise<keyof AutopayReport> {
  const row = await findPayment(env.DB, paymentId)
  if (!row || row.status === 'pending') return 'pending'
  return row.status === 'approved' ? 'charged' : 'refused'
}
