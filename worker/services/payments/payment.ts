import { KEY_REUSED_MESSAGE } from '../../../shared/api/problem'
import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import type { PolicyFamily } from '../../../shared/policy/family'
import { localDate } from '../../../shared/clock'
import { makePaymentGate } from '../../../shared/payments/gate'
import { MAKE_PAYMENT_TEXT } from '../../../shared/payments/messages'
import { dollarsToCents } from '../../../shared/payments/money'
import { paymentRequestFingerprint } from '../../../shared/payments/payload'
import { BANK_AUTHORIZATION_VERSION } from '../../../shared/payments/authorization'
import { bankAuthorizationTextIn } from '../../../shared/payments/texts/authorization'
import { LOCALES, type Locale } from '../../../shared/i18n/locale'
import { PAYMENT_OUTCOME_TEXT } from '../../../shared/payments/outcome'
import type { PaymentFieldErrors } from '../../../shared/payments/schemas/payment'
import type { PaymentPayload } from '../../../shared/payments/schemas/payment-payload'
import { findPayment, findPaymentByKey, insertPendingPayment, outcomeUnknownStatement, type PaymentRow } from '../../db/payments/payments'
import { ProcessorOutcomeUnknownError, type ChargeRequest, type ChargeResult } from '../../integrations/payments'
import { chooseMethod, type ChosenMethod } from './payment-method-choice'
import { saveMethod } from './saved-methods'
import { SAVE_CONSENT_VERSION } from '../../../shared/payments/saved-methods'
import { savedMethodDescriptionIn, savedMethodTexts } from '../../../shared/payments/texts/saved-methods'
import { messageIn } from '../../../shared/i18n/messages'
import { stepUpRequired } from '../identity/step-up-rule'
import type { PaymentDeps } from './payment-deps'
import { settle, type Settled } from './payment-result'
import { settleLaterStatements } from './payment-settlement'
import { log } from '../../lib/log'

export { paymentDeps, type PaymentDeps } from './payment-deps'

/**
 * MakePayment's money flow (docs/decisions/111 and 113): write the payment first (pending, with the
 * reference the processor charges at most once), charge, then settle it in ONE D1 batch (the row, the
 * policy's history and balances by trigger, the receipt email in the outbox). A payment that finds its
 * row again (a retry, a duplicate, a charge whose settlement write failed) asks the processor by
 * reference before anything else: it is never charged twice. A payment left pending (an unknown
 * outcome, or a request that dies mid-way) is settled by the outbox's payment-settle channel
 * (services/payment-settlement.ts), queued with the write that leaves it pending. Card and account
 * numbers live only in this request's memory, on their way to the processor: nothing here stores or
 * logs them.
 */

/** The first check of a payment still pending after its request (a request that died mid-way). */
export const FIRST_CHECK_AFTER_MS = 2 * 60_000
/** The first check after a processor timeout. */
export const UNKNOWN_RECHECK_MS = 30_000

interface Payer {
  sessionId: string
  sessionKind: 'direct' | 'sso'
  profileId: string | null
  requestId: string
  channel: 'island' | 'form' | 'api'
  /** The session's own email (a direct login's profile), when the policy has none. */
  profileEmail: string
  /** When the session's person last proved it (sessions.verified_at): saving a method needs it recent (decision 202). */
  verifiedAt: number
  /** The language the payer reads (issue 36): the consent saved with a method, and what the answer says of the save. English when not given. */
  locale?: Locale
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
  /** `notAccepted`: the processor refused this payment just now (a decline, insufficient funds, a failure): it counts against the decline limit. */
  /** `amountCents`: the payment's, when the answer is about one. */
  | {
      status: 200 | 202
      text: string
      confirmationNumber: string | null
      paymentId: string | null
      amountCents: number | null
      /** Where its receipt is emailed (the page's success text names it in the person's language). */
      receiptEmail: string | null
      final: boolean
      /** The payment's outcome is not known yet (decision 218): answered 202, never 200, so no caller takes it for paid. */
      pending?: true
      notAccepted?: boolean
      /** 'Save this card/account for later' (issue 22): saved, or why not. */
      saved?: { ok: boolean; label: string }
    }
  | { status: 400; errorMessage: string; errors: PaymentFieldErrors }
  | { status: 422; errorMessage: string }

const textAnswer = (status: 200 | 202, text: string, row?: PaymentRow, final = row ? row.status !== 'pending' : true): PaymentAnswer => ({
  status,
  text,
  receiptEmail: row?.receipt_email ?? null,
  confirmationNumber: row?.confirmation_number ?? null,
  paymentId: row?.payment_id ?? null,
  amountCents: row?.amount_cents ?? null,
  final,
})

/** A payment whose outcome is not known yet: a 202 (the spec's status for a payment not made), marked pending (decision 218). */
const pendingAnswer = (row: PaymentRow): PaymentAnswer => ({
  status: 202,
  text: PAYMENT_OUTCOME_TEXT.pending,
  receiptEmail: row.receipt_email,
  confirmationNumber: row.confirmation_number,
  paymentId: row.payment_id,
  amountCents: row.amount_cents,
  final: false,
  pending: true,
})

/**
 * What a 200 or 202 tells the payer (decision 171): paid; still being processed (its outcome is not
 * known: never a success); not made (refused by the processor, or the bank authorization changed), with
 * the way back to the form; or a notice (nothing due, another payment in flight, the gates).
 */
export function answerKind(a: {
  status: 200 | 202
  text: string
  confirmationNumber: string | null
  paymentId: string | null
  pending?: true
}): 'paid' | 'pending' | 'not-made' | 'notice' {
  if (a.pending) return 'pending'
  if (a.status === 200) return a.confirmationNumber ? 'paid' : 'notice'
  if (a.paymentId || a.text === PAYMENT_OUTCOME_TEXT.authorizationChanged) return 'not-made'
  return 'notice'
}

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
  if (payload.policyId !== policy.policyID) return { status: 400, errorMessage: 'The policy id does not match the address.', errors: {} }
  const chosen = await chooseMethod(env, deps, payload, ctx, req.payer.profileId)
  if ('status' in chosen) return chosen.status === 400 ? chosen : textAnswer(202, chosen.text)
  const amountCents = dollarsToCents(payload.amount)!
  const method = chosen.charge

  let authorization: { text: string; version: string } | null = null
  if (chosen.kind === 'bank') {
    const facts = { amountCents, date: today, accountLast4: chosen.last4, policyId: policy.policyID, supportPhone: env.SUPPORT_PHONE }
    // The words the payer read, in the language they read (issue 36): each language's text, word for word.
    const given = payload.bankAuthorization
    const expected = LOCALES.map((locale) => bankAuthorizationTextIn(locale, facts)).find((text) => text === given?.text)
    if (!given?.accepted || given.version !== BANK_AUTHORIZATION_VERSION || !expected) return textAnswer(202, PAYMENT_OUTCOME_TEXT.authorizationChanged)
    authorization = { text: expected, version: BANK_AUTHORIZATION_VERSION }
  }

  const fingerprint = paymentRequestFingerprint(payload)
  const idempotencyKey = req.idempotencyKey ?? `server:${crypto.randomUUID()}`
  const existing = await findPaymentByKey(env.DB, policy.policyID, idempotencyKey)
  if (existing) return withSave(env, deps, req, chosen, await resume(env, deps, existing, fingerprint, method, policy.state))

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
    method_kind: chosen.kind,
    brand: chosen.brand,
    last4: chosen.last4,
    check_number: chosen.checkNumber,
    payer_name: chosen.payerName,
    receipt_email: policyEmail || req.payer.profileEmail.trim() || payload.homeownerEmail.trim() || null,
    authorization_text: authorization?.text ?? null,
    authorization_version: authorization?.version ?? null,
    created_at: now,
    saved_method_id: chosen.savedMethodId,
    language: req.payer.locale ?? 'en',
  }
  // A request that dies before settling leaves the row to the payment-settle channel from here.
  const inserted = await insertPendingPayment(env.DB, row, settleLaterStatements(env.DB, row.payment_id, now + FIRST_CHECK_AFTER_MS))
  if (inserted === 'other-pending') return textAnswer(202, PAYMENT_OUTCOME_TEXT.inFlight, undefined, false)
  if (inserted === 'same-key') {
    const found = await findPaymentByKey(env.DB, policy.policyID, idempotencyKey)
    return withSave(env, deps, req, chosen, await resume(env, deps, found!, fingerprint, method, policy.state))
  }
  log('info', 'payment created', { paymentId: row.payment_id, policyId: row.policy_id, amountCents, method: row.method_kind, requestId: row.request_id })
  return withSave(env, deps, req, chosen, await chargeAndSettle(env, deps, (await findPayment(env.DB, row.payment_id))!, method, policy.state))
}

/**
 * 'Save this card/account for later' (issue 22): once the payment is approved, and with the consent
 * shown, the typed details go to the processor to be stored (one save per payment: a repeated answer
 * finds the same one). A save that fails leaves the payment as it is; the answer says so. Saving is a
 * sensitive change (decision 202): from a session proved too long ago the payment stands and the method
 * is not saved (the processor never sees the save), and the answer says why.
 */
async function withSave(env: Env, deps: PaymentDeps, req: PaymentRequest, chosen: ChosenMethod, answer: PaymentAnswer): Promise<PaymentAnswer> {
  const wanted = req.payload.saveMethod
  if (answer.status !== 200 || !answer.confirmationNumber || !wanted?.consent || wanted.version !== SAVE_CONSENT_VERSION) return answer
  if (!chosen.typed || !req.payer.profileId || !answer.paymentId) return answer
  const locale = req.payer.locale ?? 'en'
  if (stepUpRequired({ verifiedAt: req.payer.verifiedAt })) return { ...answer, saved: { ok: false, label: savedMethodTexts[locale].stepUpAfter } }
  const saved = await saveMethod(env, deps.processor, {
    locale,
    profileId: req.payer.profileId,
    sessionId: req.payer.sessionId,
    method: chosen.typed,
    nickname: wanted.nickname,
    sourcePaymentId: answer.paymentId,
    now: deps.now(),
  })
  return {
    ...answer,
    saved: saved.ok ? { ok: true, label: savedMethodDescriptionIn(locale, saved.method) } : { ok: false, label: messageIn(locale, saved.message) },
  }
}

/** A payment that already has its row: its answer if settled; otherwise the processor is asked first (automatic payments too). */
export async function resume(
  env: Env,
  deps: PaymentDeps,
  row: PaymentRow,
  fingerprint: string,
  method: ChargeRequest['method'],
  policyState: string,
): Promise<PaymentAnswer> {
  if (row.request_fingerprint !== fingerprint) return { status: 422, errorMessage: KEY_REUSED_MESSAGE }
  if (row.status !== 'pending') return answerOf(row)
  let found: ChargeResult | null
  try {
    found = await deps.processor.lookup(row.payment_id)
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    log('warn', 'payment lookup unknown', { paymentId: row.payment_id, policyId: row.policy_id, reason: err.reason })
    return pendingAnswer(row)
  }
  if (found) return answerOf(await settleAndMail(env, deps, row, found, policyState))
  // The processor never received this reference: charging it now is the first and only charge.
  return chargeAndSettle(env, deps, row, method, policyState)
}

/** Charges a pending payment's reference once and settles it (automatic payments too). */
export async function chargeAndSettle(
  env: Env,
  deps: PaymentDeps,
  row: PaymentRow,
  method: ChargeRequest['method'],
  policyState: string,
): Promise<PaymentAnswer> {
  let result: ChargeResult
  try {
    result = await deps.processor.charge({ reference: row.payment_id, amountCents: row.amount_cents, method, policyId: row.policy_id })
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) throw err
    await env.DB.batch([
      outcomeUnknownStatement(env.DB, row.payment_id, err.reason),
      ...settleLaterStatements(env.DB, row.payment_id, deps.now() + UNKNOWN_RECHECK_MS),
    ])
    log('warn', 'payment outcome unknown', {
      paymentId: row.payment_id,
      policyId: row.policy_id,
      reason: err.reason,
      status: err.status,
      requestId: row.request_id,
    })
    return pendingAnswer(row)
  }
  const settled = await settleAndMail(env, deps, row, result, policyState)
  return answerOf(settled, settled.status === 'declined' || settled.status === 'failed')
}

/** Settles in the request (on the loaded policy's state), and has the email it queued delivered (deps.deliverMail). */
async function settleAndMail(env: Env, deps: PaymentDeps, row: PaymentRow, result: ChargeResult, policyState: string): Promise<PaymentRow> {
  const settled: Settled = await settle(env, deps, row, result, { notifyRefusal: row.outcome === 'unknown', policyState })
  if (settled.mailQueued) await deps.deliverMail()
  return settled.row
}

function answerOf(row: PaymentRow, notAccepted = false): PaymentAnswer {
  if (row.status === 'pending' || row.response_status === null || row.response_text === null) return pendingAnswer(row)
  return { ...textAnswer(row.response_status, row.response_text, row), ...(notAccepted ? { notAccepted } : {}) }
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** 'pay_' + 128 random bits: the payment's id and its reference at the processor. */
export function newPaymentId(): string {
  return `pay_${randomHex(16)}`
}
