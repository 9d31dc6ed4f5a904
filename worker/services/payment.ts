import { KEY_REUSED_MESSAGE } from '../../shared/api/problem'
import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../env'
import { isDeployed } from '../env'
import type { Policy } from '../../shared/schemas/policy'
import type { PolicyFamily } from '../../shared/policy/family'
import { localDate } from '../../shared/clock'
import { makePaymentGate } from '../../shared/payments/gate'
import { MAKE_PAYMENT_TEXT } from '../../shared/payments/messages'
import { dollarsToCents } from '../../shared/payments/money'
import { paymentRequestFingerprint } from '../../shared/payments/payload'
import { BANK_AUTHORIZATION_VERSION, bankAuthorizationText } from '../../shared/payments/authorization'
import { withoutSpaces } from '../../shared/payments/bank'
import { CARD_TYPE_NAMES, cardTypeOf } from '../../shared/payments/card'
import { parseExpirationDate } from '../../shared/payments/expiry'
import { CONFIRMATION_ALPHABET, PAYMENT_OUTCOME_TEXT, paymentApprovedText, paymentRefusedText, receiptPath } from '../../shared/payments/outcome'
import { methodLabel, type PaymentReceipt } from '../../shared/payments/receipt'
import { paymentFieldErrors, paymentSchema, valuesFromPayload, type PaymentFieldErrors, type PaymentPayload } from '../../shared/schemas/payment'
import { findPayment, findPaymentByKey, insertPendingPayment, markOutcomeUnknown, settlePaymentStatement, type PaymentRow } from '../db/payments'
import { paymentProcessor, ProcessorOutcomeUnknownError, type ChargeResult, type PaymentMethodDetails, type PaymentProcessor } from '../integrations/payments'
import { paymentReceiptMail } from '../integrations/mail/templates'
import { enqueue, kickDrain, type Background } from './outbox'
import { paymentNotCompletedMail } from './payment-mail'
import { log } from './log'

/**
 * MakePayment's money flow (docs/decisions/111 and 113): write the payment first (pending, with the
 * reference the processor charges at most once), charge, then settle it in ONE D1 batch (the row, the
 * policy's history and balances by trigger, the receipt email in the outbox). A payment that finds its
 * row again (a retry, a duplicate, a charge whose settlement write failed) asks the processor by
 * reference before anything else: it is never charged twice. An unknown outcome stays pending and is
 * settled by settlePendingPayments() (the cron). Card and account numbers live only in this request's
 * memory, on their way to the processor: nothing here stores or logs them.
 */

/** The first check of a payment still pending after its request (a request that died mid-way). */
export const FIRST_CHECK_AFTER_MS = 2 * 60_000
/** The first check after a processor timeout. */
export const UNKNOWN_RECHECK_MS = 30_000

export interface PaymentDeps {
  processor: PaymentProcessor
  now: () => number
  /**
   * Runs a settlement's statements as one D1 batch. A seam: a deployment could route it elsewhere,
   * and the reconciliation test makes it fail after the processor charged.
   */
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>
  background: Background | null
}

export function paymentDeps(env: Env, overrides: Partial<PaymentDeps> = {}): PaymentDeps {
  return {
    processor: overrides.processor ?? paymentProcessor(env),
    now: overrides.now ?? Date.now,
    batch: overrides.batch ?? ((statements) => env.DB.batch(statements)),
    background: overrides.background ?? null,
  }
}

export interface Payer {
  sessionId: string
  sessionKind: 'direct' | 'sso'
  profileId: string | null
  requestId: string
  channel: 'island' | 'form' | 'api'
  /** The session's own email (a direct login's profile), when the policy has none. */
  profileEmail: string
}

export interface PaymentRequest {
  policy: Policy
  family: PolicyFamily
  payer: Payer
  /** The client's Idempotency-Key; a call without one gets a key of its own (no retry protection). */
  idempotencyKey: string | null
  payload: PaymentPayload
}

export type PaymentAnswer =
  /** `final`: false while the payment is pending (or another one is), so a retry asks again. */
  | { status: 200 | 202; text: string; confirmationNumber: string | null; paymentId: string | null; final: boolean }
  | { status: 400; errorMessage: string; errors: PaymentFieldErrors }
  | { status: 422; errorMessage: string }

const textAnswer = (status: 200 | 202, text: string, row?: PaymentRow, final = row ? row.status !== 'pending' : true): PaymentAnswer => ({
  status,
  text,
  confirmationNumber: row?.confirmation_number ?? null,
  paymentId: row?.payment_id ?? null,
  final,
})

/** POST MakePayment, after the route's guard (scope, permission) and the payload's shape. */
export async function makePayment(env: Env, req: PaymentRequest, deps: PaymentDeps): Promise<PaymentAnswer> {
  const { policy, payload } = req
  const gate = makePaymentGate(policy)
  if (gate.kind === 'contact-agent') return textAnswer(202, MAKE_PAYMENT_TEXT.contactAgent.replace(/:$/, '.'))
  if (gate.kind === 'payments-not-supported') return textAnswer(202, `${MAKE_PAYMENT_TEXT.notSupported} ${MAKE_PAYMENT_TEXT.callSupport}`)
  if (gate.kind === 'nothing-due') return textAnswer(202, MAKE_PAYMENT_TEXT.paidInFull)

  const today = localDate(deps.now(), policy.state)
  const policyEmail = policy.email.trim()
  const emailOnFile = Boolean(policyEmail || req.payer.profileEmail.trim())
  const ctx = { isFlood: policy.isFlood, totalDueCents: policy.totalDue, pastDueCents: policy.pastDue, emailOnFile, supportPhone: env.SUPPORT_PHONE, today }
  const checked = paymentSchema(ctx).safeParse(valuesFromPayload(payload))
  if (!checked.success) {
    const errors = paymentFieldErrors(checked.error)
    return { status: 400, errorMessage: Object.values(errors)[0] ?? 'Invalid request.', errors }
  }
  if (payload.policyId !== policy.policyID) return { status: 400, errorMessage: 'The policy id does not match the address.', errors: {} }
  const amountCents = dollarsToCents(payload.amount)!
  const method = methodDetails(payload)

  let authorization: { text: string; version: string } | null = null
  if (method.kind === 'bank') {
    const expected = bankAuthorizationText({
      amountCents,
      date: today,
      accountLast4: method.account.slice(-4),
      policyId: policy.policyID,
      supportPhone: env.SUPPORT_PHONE,
    })
    const given = payload.bankAuthorization
    if (!given?.accepted || given.version !== BANK_AUTHORIZATION_VERSION || given.text !== expected)
      return textAnswer(202, PAYMENT_OUTCOME_TEXT.authorizationChanged)
    authorization = { text: expected, version: BANK_AUTHORIZATION_VERSION }
  }

  const fingerprint = paymentRequestFingerprint(payload)
  const idempotencyKey = req.idempotencyKey ?? `server:${crypto.randomUUID()}`
  const existing = await findPaymentByKey(env.DB, policy.policyID, idempotencyKey)
  if (existing) return resume(env, deps, existing, fingerprint, method)

  const now = deps.now()
  const row = {
    payment_id: newPaymentId(),
    idempotency_key: idempotencyKey,
    request_fingerprint: fingerprint,
    policy_id: policy.policyID,
    family: req.family,
    session_id: req.payer.sessionId,
    session_kind: req.payer.sessionKind,
    profile_id: req.payer.profileId,
    channel: req.payer.channel,
    request_id: req.payer.requestId,
    amount_cents: amountCents,
    method_kind: method.kind,
    brand: method.kind === 'card' ? CARD_TYPE_NAMES[cardTypeOf(method.number)] : 'ACH',
    last4: (method.kind === 'card' ? method.number : method.account).slice(-4),
    check_number: method.kind === 'bank' ? (method.checkNumber ?? null) : null,
    payer_name: method.name,
    receipt_email: policyEmail || req.payer.profileEmail.trim() || payload.homeownerEmail.trim() || null,
    authorization_text: authorization?.text ?? null,
    authorization_version: authorization?.version ?? null,
    // A request that dies before settling leaves the row to the settlement job from here.
    next_check_at: now + FIRST_CHECK_AFTER_MS,
    created_at: now,
  }
  const inserted = await insertPendingPayment(env.DB, row)
  if (inserted === 'other-pending') return textAnswer(202, PAYMENT_OUTCOME_TEXT.inFlight, undefined, false)
  if (inserted === 'same-key') {
    const found = await findPaymentByKey(env.DB, policy.policyID, idempotencyKey)
    return resume(env, deps, found!, fingerprint, method)
  }
  log('info', 'payment created', { paymentId: row.payment_id, policyId: row.policy_id, amountCents, method: row.method_kind, requestId: row.request_id })
  return chargeAndSettle(env, deps, (await findPayment(env.DB, row.payment_id))!, method)
}

/** A payment that already has its row: its answer if settled; otherwise the processor is asked first. */
async function resume(env: Env, deps: PaymentDeps, row: PaymentRow, fingerprint: string, method: PaymentMethodDetails): Promise<PaymentAnswer> {
  if (row.request_fingerprint !== fingerprint) return { status: 422, errorMessage: KEY_REUSED_MESSAGE }
  if (row.status !== 'pending') return answerOf(row)
  let found: ChargeResult | null
  try {
    found = await deps.processor.lookup(row.payment_id)
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    log('warn', 'payment lookup unknown', { paymentId: row.payment_id, policyId: row.policy_id, reason: err.reason })
    return textAnswer(200, PAYMENT_OUTCOME_TEXT.pending, row)
  }
  if (found) return answerOf(await settle(env, deps, row, found, { notifyRefusal: row.outcome === 'unknown' }))
  // The processor never received this reference: charging it now is the first and only charge.
  return chargeAndSettle(env, deps, row, method)
}

async function chargeAndSettle(env: Env, deps: PaymentDeps, row: PaymentRow, method: PaymentMethodDetails): Promise<PaymentAnswer> {
  let result: ChargeResult
  try {
    result = await deps.processor.charge({ reference: row.payment_id, amountCents: row.amount_cents, method, policyId: row.policy_id })
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    await markOutcomeUnknown(env.DB, row.payment_id, deps.now() + UNKNOWN_RECHECK_MS, err.reason)
    log('warn', 'payment outcome unknown', {
      paymentId: row.payment_id,
      policyId: row.policy_id,
      reason: err.reason,
      status: err.status,
      requestId: row.request_id,
    })
    return textAnswer(200, PAYMENT_OUTCOME_TEXT.pending, row)
  }
  return answerOf(await settle(env, deps, row, result, { notifyRefusal: row.outcome === 'unknown' }))
}

function answerOf(row: PaymentRow): PaymentAnswer {
  if (row.status === 'pending' || row.response_status === null || row.response_text === null) return textAnswer(200, PAYMENT_OUTCOME_TEXT.pending, row)
  return textAnswer(row.response_status, row.response_text, row)
}

/**
 * The processor's answer, written once: the row, and for an approval the receipt email in the same
 * batch (the trigger of 0009 posts the payment to the policy). Racing settlements of the same payment
 * are harmless: only the first changes the row, and the email's dedupe key queues it once. Answers
 * what the row says afterwards (the first settlement's answer).
 */
export async function settle(env: Env, deps: PaymentDeps, row: PaymentRow, result: ChargeResult, opts: { notifyRefusal: boolean }): Promise<PaymentRow> {
  const now = deps.now()
  const policyState = await policyStateOf(env, row.policy_id)
  const approved = result.outcome === 'approved'
  const confirmationNumber = approved ? newConfirmationNumber() : null
  const text = approved
    ? paymentApprovedText({ amountCents: row.amount_cents, policyId: row.policy_id, confirmationNumber: confirmationNumber!, receiptEmail: row.receipt_email })
    : paymentRefusedText(result.outcome as Exclude<typeof result.outcome, 'approved'>, row.method_kind, env.SUPPORT_PHONE)
  const statements = [
    settlePaymentStatement(env.DB, row.payment_id, {
      status: approved ? 'approved' : result.outcome === 'error' ? 'failed' : 'declined',
      outcome: result.outcome,
      processorRef: result.processorRef ?? (approved ? row.payment_id : null),
      processorMessage: result.message?.slice(0, 200) ?? null,
      confirmationNumber,
      responseStatus: approved ? 200 : 202,
      responseText: text,
      settledAt: now,
      postDate: localDate(now, policyState),
    }),
  ]
  if (approved && row.receipt_email) {
    const receipt = receiptOf({ ...row, confirmation_number: confirmationNumber, settled_at: now }, policyState, env.SUPPORT_PHONE)
    const mail = paymentReceiptMail(row.receipt_email, receipt, `${env.PORTAL_BASE_URL.replace(/\/+$/, '')}${receiptPath(confirmationNumber!)}`)
    statements.push(enqueue(env.DB, { channel: 'mail', payload: mail, dedupeKey: `payment-receipt:${row.payment_id}`, at: now }))
  }
  if (!approved && opts.notifyRefusal && row.receipt_email) statements.push(notCompletedMail(env, row, policyState, now))
  await deps.batch(statements)
  const settled = (await findPayment(env.DB, row.payment_id))!
  log('info', 'payment settled', {
    paymentId: settled.payment_id,
    policyId: settled.policy_id,
    status: settled.status,
    outcome: settled.outcome,
    processorRef: settled.processor_ref,
    requestId: settled.request_id,
  })
  if (settled.receipt_email && (approved || opts.notifyRefusal)) await kickDrain(env, isDeployed(env) ? deps.background : null, { channels: ['mail'] })
  return settled
}

/** The 'did not go through' email of a payment the payer was told is pending (queued once per payment). */
export function notCompletedMail(env: Env, row: PaymentRow, state: string, now: number): D1PreparedStatement {
  const method = row.method_kind === 'card' ? { kind: 'card' as const, brand: row.brand, last4: row.last4 } : { kind: 'bank' as const, last4: row.last4 }
  const mail = paymentNotCompletedMail(row.receipt_email!, {
    policyId: row.policy_id,
    amountCents: row.amount_cents,
    methodLabel: methodLabel(method),
    createdAt: row.created_at,
    state,
    supportPhone: env.SUPPORT_PHONE,
  })
  return enqueue(env.DB, { channel: 'mail', payload: mail, dedupeKey: `payment-not-completed:${row.payment_id}`, at: now })
}

/** A settled, approved row as a receipt (the PDF and the email say the same). */
export function receiptOf(row: PaymentRow, state: string, supportPhone: string): PaymentReceipt {
  return {
    confirmationNumber: row.confirmation_number ?? '',
    policyId: row.policy_id,
    state,
    payerName: row.payer_name,
    amountCents: row.amount_cents,
    method:
      row.method_kind === 'card'
        ? { kind: 'card', brand: row.brand, last4: row.last4 }
        : { kind: 'bank', last4: row.last4, ...(row.check_number ? { checkNumber: row.check_number } : {}) },
    paidAt: row.settled_at ?? row.created_at,
    ...(row.authorization_text ? { authorizationText: row.authorization_text } : {}),
    supportPhone,
  }
}

async function policyStateOf(env: Env, policyId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT state FROM policies WHERE policy_id = ?').bind(policyId).first<{ state: string }>()
  return row?.state ?? 'NY'
}

/** The payload's method as the processor needs it (validated: digits only, expiry MM/01/YYYY). */
function methodDetails(p: PaymentPayload): PaymentMethodDetails {
  const name = p.billingName.trim()
  if (p.type === 'check') {
    return { kind: 'bank', routing: withoutSpaces(p.routingNumber), account: withoutSpaces(p.accountNumber), checkNumber: withoutSpaces(p.checkNumber), name }
  }
  const expiry = parseExpirationDate(p.expirationDate)!
  return {
    kind: 'card',
    number: p.creditCardNumber.replace(/\D/g, ''),
    expMonth: Number(expiry.month),
    expYear: Number(expiry.year),
    cvv: p.cvv.trim(),
    name,
    zip: p.billingAddress.zipCode.trim(),
  }
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** 'pay_' + 128 random bits: the payment's id and its reference at the processor. */
export function newPaymentId(): string {
  return `pay_${randomHex(16)}`
}

export function newConfirmationNumber(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10))
  return `P${Array.from(bytes, (b) => CONFIRMATION_ALPHABET[b % CONFIRMATION_ALPHABET.length]).join('')}`
}
