import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import { findPayment, settlePaymentStatement, type PaymentRow } from '../../db/payments/payments'
import { ProcessorOutcomeUnknownError, type ChargeResult } from '../../integrations/payments'
import { localDate } from '../../../shared/clock'
import { paymentRefusedText } from '../../../shared/payments/outcome'
import { handler, PermanentDeliveryError, type DeliveryMeta, type OutboxHandler } from '../outbox/outbox-delivery'
import { enqueueNoLaterThan } from '../outbox/outbox-queue'
import { paymentDeps, type PaymentDeps } from './payment-deps'
import { payerLanguage, policyStateOf, refusalMailStatement, settle } from './payment-result'
import { log } from '../../lib/log'

/**
 * The settlement of payments left pending (docs/decisions/111 step 7, 113, 162), as the outbox's
 * 'payment-settle' channel: the request that leaves a payment pending queues a message for it in the
 * same batch, and the outbox drain delivers it with its own backoff, dead letter and lease. Delivering
 * means asking the processor by reference, never charging again: an answer settles the payment exactly
 * as the request would have (receipt email included); "never received" settles it failed once the
 * processor's window has passed; still unknown is a failed delivery (thrown), retried by the outbox,
 * with an error-level log for a person from ALERT_AFTER_ATTEMPTS on, and a dead letter at its
 * MAX_ATTEMPTS (the payment keeps blocking new payments on the policy meanwhile).
 */
/** After this long, a reference the processor never received will not arrive any more. */
export const NEVER_RECEIVED_AFTER_MS = 10 * 60_000
/** From this attempt on, a payment still pending is logged as an error (below the outbox's MAX_ATTEMPTS). */
export const ALERT_AFTER_ATTEMPTS = 5

interface PaymentSettlePayload {
  paymentId: string
}

const settleDedupeKey = (paymentId: string) => `payment-settle:${paymentId}`

/**
 * The statements that have a pending payment checked from `at` on (no later, if it is already queued
 * for a later time): for the same batch as the write that leaves the payment pending.
 */
export function settleLaterStatements(db: D1Database, paymentId: string, at: number): D1PreparedStatement[] {
  const payload: PaymentSettlePayload = { paymentId }
  return enqueueNoLaterThan(db, { channel: 'payment-settle', payload, dedupeKey: settleDedupeKey(paymentId), at })
}

/** The channel's handler; `overrides` point the processor elsewhere (tests). The drain's clock is used. */
export function paymentSettleHandler(overrides: Partial<Omit<PaymentDeps, 'now'>> = {}): OutboxHandler {
  return handler<PaymentSettlePayload>((env, p, meta) => settlePendingPayment(env, paymentDeps(env, { ...overrides, now: () => meta.now }), p.paymentId, meta))
}

async function settlePendingPayment(env: Env, deps: PaymentDeps, paymentId: string, meta: DeliveryMeta): Promise<void> {
  const row = typeof paymentId === 'string' ? await findPayment(env.DB, paymentId) : null
  if (!row) throw new PermanentDeliveryError('no such payment')
  if (row.status !== 'pending') return
  const context = { paymentId: row.payment_id, policyId: row.policy_id, attempts: meta.attempt }
  const policyState = await policyStateOf(env, row.policy_id)
  let found: ChargeResult | null
  try {
    found = await deps.processor.lookup(row.payment_id)
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) {
      const error = err instanceof Error ? err.name : 'unknown'
      log('error', 'payment settlement failed', { ...context, error })
      throw new Error(`payment lookup failed: ${error}`)
    }
    log(meta.attempt >= ALERT_AFTER_ATTEMPTS ? 'error' : 'info', 'payment still pending', { ...context, reason: err.reason })
    throw new Error(`the processor's answer is still unknown: ${err.reason}`)
  }
  if (found) {
    await settle(env, deps, row, found, { notifyRefusal: true, policyState })
    return
  }
  if (deps.now() - row.created_at >= NEVER_RECEIVED_AFTER_MS) {
    await neverReceived(env, deps, row, policyState)
    log('warn', 'payment never reached the processor', context)
    return
  }
  log(meta.attempt >= ALERT_AFTER_ATTEMPTS ? 'error' : 'info', 'payment still pending', context)
  throw new Error('the processor has not received the payment yet')
}

/** Not charged: the row is settled failed, and a retry with its key gets the refusal's text. */
async function neverReceived(env: Env, deps: PaymentDeps, row: PaymentRow, state: string): Promise<void> {
  const now = deps.now()
  const locale = await payerLanguage(env, row)
  await deps.batch([
    settlePaymentStatement(env.DB, row.payment_id, {
      status: 'failed',
      outcome: 'never-received',
      processorRef: null,
      processorMessage: 'never received by the processor',
      confirmationNumber: null,
      responseStatus: 202,
      responseText: paymentRefusedText('error', row.method_kind, env.SUPPORT_PHONE),
      settledAt: now,
      postDate: localDate(now, state),
    }),
    ...(row.receipt_email ? [refusalMailStatement(env, row, state, now, locale)] : []),
  ])
}
