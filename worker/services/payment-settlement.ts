import type { Env } from '../env'
import { claimSettlementCheck, paymentsToSettle, settlePaymentStatement, type PaymentRow } from '../db/payments'
import { ProcessorOutcomeUnknownError } from '../integrations/payments'
import { localDate } from '../../shared/clock'
import { paymentRefusedText } from '../../shared/payments/outcome'
import { notCompletedMail, paymentDeps, settle, type PaymentDeps } from './payment'
import { log } from './log'
import { kickDrain } from './outbox'

/**
 * The cron's part of the money flow (docs/decisions/111 step 7, 113): payments still pending (the
 * processor did not answer in time, or the request died between the charge and its settlement) are
 * asked about by reference, never charged again. An answer settles the payment exactly as the request
 * would have (receipt email included). "Never received" settles it failed once the processor's window
 * has passed; still unknown backs off, and after ALERT_AFTER_ATTEMPTS every further try logs an error
 * for a person to look at (the payment keeps blocking new payments on the policy meanwhile).
 */
export const SETTLE_BATCH = 25
/** After this long, a reference the processor never received will not arrive any more. */
export const NEVER_RECEIVED_AFTER_MS = 10 * 60_000
export const ALERT_AFTER_ATTEMPTS = 10
const BACKOFF_BASE_MS = 60_000
const BACKOFF_CAP_MS = 60 * 60_000

export function settleBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS)
}

export interface SettleReport {
  settled: number
  stillPending: number
}

export async function settlePendingPayments(env: Env, overrides: Partial<PaymentDeps> = {}): Promise<SettleReport> {
  const deps = paymentDeps(env, overrides)
  const now = deps.now()
  const report: SettleReport = { settled: 0, stillPending: 0 }
  for (const row of await paymentsToSettle(env.DB, now, SETTLE_BATCH)) {
    const attempts = row.processor_attempts + 1
    if (!(await claimSettlementCheck(env.DB, row, now + settleBackoffMs(attempts)))) continue
    if (await checkOne(env, deps, row, attempts, now)) report.settled += 1
    else report.stillPending += 1
  }
  return report
}

async function checkOne(env: Env, deps: PaymentDeps, row: PaymentRow, attempts: number, now: number): Promise<boolean> {
  const context = { paymentId: row.payment_id, policyId: row.policy_id, attempts }
  try {
    const found = await deps.processor.lookup(row.payment_id)
    if (found) {
      await settle(env, deps, row, found, { notifyRefusal: true })
      return true
    }
    if (now - row.created_at >= NEVER_RECEIVED_AFTER_MS) {
      await neverReceived(env, deps, row, now)
      log('warn', 'payment never reached the processor', context)
      return true
    }
  } catch (err) {
    if (!(err instanceof ProcessorOutcomeUnknownError)) {
      log('error', 'payment settlement failed', { ...context, error: err instanceof Error ? err.name : 'unknown' })
      return false
    }
  }
  log(attempts >= ALERT_AFTER_ATTEMPTS ? 'error' : 'info', 'payment still pending', context)
  return false
}

/** Not charged: the row is settled failed, and a retry with its key gets the refusal's text. */
async function neverReceived(env: Env, deps: PaymentDeps, row: PaymentRow, now: number): Promise<void> {
  const state = (await env.DB.prepare('SELECT state FROM policies WHERE policy_id = ?').bind(row.policy_id).first<{ state: string }>())?.state ?? 'NY'
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
    ...(row.receipt_email ? [notCompletedMail(env, row, state, now)] : []),
  ])
  if (row.receipt_email) await kickDrain(env, null, { channels: ['mail'] })
}
