import type { Env } from '../../env'
import { localDate } from '../../../shared/clock'
import { routeFamilyFor } from '../../../shared/policy/family'
import { draftDecision, LATE_DRAFT_DAYS } from '../../../shared/payments/autopay'
import { draftsDueBetween, dueEnrolment, type DueEnrolment } from '../../db/payments/autopay-drafts'
import { findPayment, findPaymentByKey, insertPendingPayment, type NewPayment } from '../../db/payments/payments'
import { handler, type OutboxHandler } from '../outbox/outbox-delivery'
import { enqueue } from '../outbox/outbox-queue'
import { paymentDeps, type PaymentDeps } from './payment-deps'
import { chargeAndSettle, FIRST_CHECK_AFTER_MS, newPaymentId, resume } from './payment'
import { NEVER_RECEIVED_AFTER_MS, settleLaterStatements } from './payment-settlement'
import { log } from '../../lib/log'

/**
 * The automatic payments (issue 22 item 2, issue 29 item 5; docs/decisions/176, 195), in two steps.
 * The scheduled work only QUEUES: an index search on the policies' due-date column (0022) finds the
 * enrolled policies due in a window, draftDecision keeps those whose draft is today, and each gets one
 * 'autopay-draft' outbox message keyed per policy and due date (two runs at once queue it once). The
 * outbox's handler CHARGES, with the outbox's retries, backoff, listing and dead letter: it reads the
 * policy again, and charges once per policy and due date however often it runs. The payment's
 * idempotency key is 'autopay:{due date}', and the payments table's unique (policy, key) makes a second
 * attempt find the first one's row instead of writing another. From there it is Make a Payment's
 * money flow: the row is written pending (with its payment-settle message) before the processor is
 * called with the payment's reference; a pending row is settled by asking the processor by that
 * reference (the payment-settle channel), never by a charge under another. A refusal is settled with
 * the 'automatic payment declined' email in the same batch.
 */

interface AutopayDraftPayload {
  policyId: string
  dueDate: string
}

export const draftDedupeKey = (policyId: string, dueDate: string) => `autopay-draft:${policyId}:${dueDate}`

const DAY_MS = 86_400_000
const utcDate = (at: number) => new Date(at).toISOString().slice(0, 10)

/** Queues the drafts due at `now` (one batch); answers how many were new. */
export async function queueAutopayDrafts(env: Env, now: number): Promise<number> {
  // A day's margin either side of the policies' own dates (time zones); draftDecision decides exactly.
  const due = await draftsDueBetween(env.DB, utcDate(now - (LATE_DRAFT_DAYS + 1) * DAY_MS), utcDate(now + DAY_MS))
  const statements = due
    .filter((d) => draftDecision({ enrolledOn: d.enrolled_on, dueDate: d.due_date, dueCents: d.due_cents, today: localDate(now, d.state) }) === 'charge')
    .map((d) => {
      const payload: AutopayDraftPayload = { policyId: d.policy_id, dueDate: d.due_date }
      return enqueue(env.DB, { channel: 'autopay-draft', payload, dedupeKey: draftDedupeKey(d.policy_id, d.due_date), at: now })
    })
  if (statements.length === 0) return 0
  const results = await env.DB.batch(statements)
  return results.reduce((n, r) => n + (r.meta?.changes ?? 0), 0)
}

/** Thrown while another payment on the policy is in flight: the outbox tries the draft again after its backoff. */
const IN_FLIGHT = 'another payment on the policy is in flight'

/**
 * The 'autopay-draft' channel's handler; `overrides` point the processor or the settlement batch
 * elsewhere (tests). The drain's clock is used. Delivered (returns) once the draft is charged, refused,
 * left pending to the payment-settle channel, or no longer due (stopped, paid, a new due date, too late).
 */
export function autopayDraftHandler(overrides: Partial<Omit<PaymentDeps, 'now'>> = {}): OutboxHandler {
  return handler<AutopayDraftPayload>(async (env, p, meta) => {
    const deps = paymentDeps(env, { ...overrides, now: () => meta.now })
    const e = await dueEnrolment(env.DB, p.policyId)
    if (!e || e.due_date !== p.dueDate) return
    const today = localDate(meta.now, e.state)
    if (draftDecision({ enrolledOn: e.enrolled_on, dueDate: p.dueDate, dueCents: e.due_cents, today }) !== 'charge') return
    const outcome = await draftOne(env, deps, e, p.dueDate, meta.now)
    if (outcome === 'in-flight') throw new Error(IN_FLIGHT)
    log('info', 'autopay draft', { policyId: p.policyId, dueDate: p.dueDate, outcome, attempt: meta.attempt })
  })
}

type DraftOutcome = 'charged' | 'refused' | 'pending' | 'in-flight'

async function draftOne(env: Env, deps: PaymentDeps, e: DueEnrolment, dueDate: string, now: number): Promise<DraftOutcome> {
  const key = `autopay:${dueDate}`
  const method = { kind: 'token' as const, token: e.token }
  const existing = await findPaymentByKey(env.DB, e.policy_id, key)
  if (existing) {
    if (existing.status !== 'pending') return outcomeOf(env, existing.payment_id)
    // A row no charge was answered for yet, written moments ago (its attempt died before charging): Make a
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
    request_fingerprint: JSON.stringify(['autopay', e.policy_id, dueDate, e.due_cents, e.method_id]),
    policy_id: e.policy_id,
    family: routeFamilyFor(e.policy_id, 'MakePayment') ?? 'homeowners',
    session_id: e.session_id,
    session_kind: 'direct',
    profile_id: e.profile_id,
    channel: 'api',
    request_id: `autopay:${e.enrolment_id}`,
    amount_cents: e.due_cents,
    method_kind: e.method_kind,
    brand: bank ? 'ACH' : e.brand,
    last4: e.last4,
    check_number: null,
    payer_name: '', // a saved method's nickname is not the name on the account (issue 35)
    receipt_email: e.policy_email?.trim() || e.profile_email.trim() || null,
    authorization_text: bank ? e.terms_text : null,
    authorization_version: bank ? e.terms_version : null,
    created_at: now,
    saved_method_id: e.method_id,
    autopay_due_date: dueDate,
  }
  const inserted = await insertPendingPayment(env.DB, row, settleLaterStatements(env.DB, row.payment_id, now + FIRST_CHECK_AFTER_MS))
  if (inserted === 'other-pending') return 'in-flight'
  // Another attempt wrote it a moment ago (a drain whose lease ran out): it charges it; the processor's reference keeps it to one charge.
  if (inserted === 'same-key') return 'pending'
  log('info', 'autopay draft created', { paymentId: row.payment_id, policyId: row.policy_id, dueDate, amountCents: row.amount_cents })
  const created = (await findPayment(env.DB, row.payment_id))!
  await chargeAndSettle(env, deps, created, method, e.state)
  return outcomeOf(env, row.payment_id)
}

async function outcomeOf(env: Env, paymentId: string): Promise<DraftOutcome> {
  const row = await findPayment(env.DB, paymentId)
  if (!row || row.status === 'pending') return 'pending'
  return row.status === 'approved' ? 'charged' : 'refused'
}
