import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import { localDate } from '../../../shared/clock'
import { CONFIRMATION_ALPHABET, paymentApprovedText, paymentRefusedText, receiptPath } from '../../../shared/payments/outcome'
import { methodLabel } from '../../../shared/payments/receipt'
import { findPayment, settlePaymentStatement, type PaymentRow } from '../../db/payments/payments'
import type { ChargeResult } from '../../integrations/payments'
import { enqueue } from '../outbox/outbox-queue'
import type { PaymentDeps } from './payment-deps'
import { paymentNotCompletedMail, paymentReceiptMail } from './payment-mail'
import { profileLanguage } from '../../db/identity/profiles'
import type { Locale } from '../../../shared/i18n/locale'
import { DEFAULT_LOCALE } from '../../../shared/i18n/locale'
import { autopayDeclinedMail } from './autopay-mail'
import { receiptOf } from './payment-receipt'
import { log } from '../../lib/log'

/**
 * The processor's answer about a payment, written once (docs/decisions/111, 113): by the request that
 * charged or looked it up (services/payment.ts), or by the payment-settle outbox channel
 * (services/payment-settlement.ts). Queues mail but delivers none: the caller decides when.
 */
export interface Settled {
  /** The row after the settlement (the first settlement's, when several raced). */
  row: PaymentRow
  /** An email was queued for the payer (the receipt, or the 'did not go through' notice). */
  mailQueued: boolean
}

/**
 * The row, and for an approval the receipt email in the same batch (the trigger of 0009 posts the
 * payment to the policy). Racing settlements of the same payment are harmless: only the first changes
 * the row, and the email's dedupe key queues it once.
 */
export async function settle(
  env: Env,
  deps: PaymentDeps,
  row: PaymentRow,
  result: ChargeResult,
  opts: { notifyRefusal: boolean; policyState: string },
): Promise<Settled> {
  const now = deps.now()
  const { policyState } = opts
  const approved = result.outcome === 'approved'
  const confirmationNumber = approved ? newConfirmationNumber() : null
  const text = approved
    ? paymentApprovedText({ amountCents: row.amount_cents, policyId: row.policy_id, confirmationNumber: confirmationNumber!, receiptEmail: row.receipt_email })
    : paymentRefusedText(result.outcome as Exclude<typeof result.outcome, 'approved'>, row.method_kind, env.SUPPORT_PHONE)
  const locale = await payerLanguage(env, row)
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
    const mail = paymentReceiptMail(row.receipt_email, receipt, `${env.PORTAL_BASE_URL.replace(/\/+$/, '')}${receiptPath(confirmationNumber!)}`, locale)
    statements.push(enqueue(env.DB, { channel: 'mail', payload: mail, dedupeKey: `payment-receipt:${row.payment_id}`, at: now }))
  }
  // An automatic payment refused is always mailed (nobody was on the page), with a way to pay now (issue 22).
  const refusalMail = !approved && row.receipt_email && (opts.notifyRefusal || row.autopay_due_date)
  if (refusalMail) statements.push(refusalMailStatement(env, row, policyState, now, locale))
  await deps.batch(statements)
  const settled = (await findPayment(env.DB, row.payment_id))!
  log('info', 'payment settled', {
    paymentId: settled.payment_id,
    policyId: settled.policy_id,
    status: settled.status,
    outcome: settled.outcome,
    // The processor's real reason, for us only: the payer reads one text for any refusal.
    reason: settled.processor_message,
    processorRef: settled.processor_ref,
    requestId: settled.request_id,
  })
  return { row: settled, mailQueued: Boolean(settled.receipt_email && (approved || refusalMail)) }
}

/**
 * The language of the payer's mails (issue 36): their profile's choice; for a payment made without a
 * profile (an SSO visit), the language of the request that made it, kept with the payment (0039).
 */
export async function payerLanguage(env: Env, row: Pick<PaymentRow, 'profile_id' | 'language'>): Promise<Locale> {
  return row.profile_id ? profileLanguage(env.DB, row.profile_id) : (row.language ?? DEFAULT_LOCALE)
}

/** The 'did not go through' email of a payment the payer was told is pending (queued once per payment). */
function notCompletedMail(env: Env, row: PaymentRow, state: string, now: number, locale: Locale): D1PreparedStatement {
  const method = row.method_kind === 'card' ? { kind: 'card' as const, brand: row.brand, last4: row.last4 } : { kind: 'bank' as const, last4: row.last4 }
  const mail = paymentNotCompletedMail(
    row.receipt_email!,
    {
      policyId: row.policy_id,
      amountCents: row.amount_cents,
      methodLabel: methodLabel(method),
      createdAt: row.created_at,
      state,
      supportPhone: env.SUPPORT_PHONE,
    },
    locale,
  )
  return enqueue(env.DB, { channel: 'mail', payload: mail, dedupeKey: `payment-not-completed:${row.payment_id}`, at: now })
}

/** The email of a payment not made: 'did not go through', or for an automatic payment its own (issue 22). */
export function refusalMailStatement(env: Env, row: PaymentRow, state: string, now: number, locale: Locale): D1PreparedStatement {
  return row.autopay_due_date ? autopayDeclinedStatement(env, row, now, locale) : notCompletedMail(env, row, state, now, locale)
}

/** The 'automatic payment declined' email of an automatic payment (queued once per payment). */
function autopayDeclinedStatement(env: Env, row: PaymentRow, now: number, locale: Locale): D1PreparedStatement {
  const method = row.method_kind === 'card' ? { kind: 'card' as const, brand: row.brand, last4: row.last4 } : { kind: 'bank' as const, last4: row.last4 }
  const mail = autopayDeclinedMail(
    row.receipt_email!,
    {
      policyId: row.policy_id,
      amountCents: row.amount_cents,
      methodLabel: methodLabel(method),
      dueDate: row.autopay_due_date!,
      portalUrl: env.PORTAL_BASE_URL,
      supportPhone: env.SUPPORT_PHONE,
    },
    locale,
  )
  return enqueue(env.DB, { channel: 'mail', payload: mail, dedupeKey: `autopay-declined:${row.payment_id}`, at: now })
}

/** A payment whose policy's state is not known: its dates (post date, receipt) cannot be written. */
class PolicyStateUnknownError extends Error {
  override name = 'PolicyStateUnknownError'
}

/**
 * The stored policy's state, for a payment settled away from its request (which has the policy).
 * No stored policy: an error, never a guessed state (a post date on another state's clock).
 */
export async function policyStateOf(env: Env, policyId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT state FROM policies WHERE policy_id = ?').bind(policyId).first<{ state: string }>()
  if (row?.state) return row.state
  log('error', 'payment policy state unknown', { policyId })
  throw new PolicyStateUnknownError(`no stored state for policy ${policyId}`)
}

function newConfirmationNumber(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10))
  return `P${Array.from(bytes, (b) => CONFIRMATION_ALPHABET[b % CONFIRMATION_ALPHABET.length]).join('')}`
}
