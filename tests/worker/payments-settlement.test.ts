import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { portalEnv, captureLogs, parsedLines } from './sso-support'
import { buildPaymentPayload } from '../../shared/payments/payload'
import { PAYMENT_OUTCOME_TEXT } from '../../shared/payments/outcome'
import { cardFormValues } from './payment-fixtures'
import { storedPolicy } from './payment-support'
import type { PaymentRow } from '../../worker/db/payments/payments'
import { ProcessorOutcomeUnknownError, type ChargeRequest, type ChargeResult, type PaymentProcessor } from '../../worker/integrations/payments'
import { drainOutbox, MAX_ATTEMPTS } from '../../worker/services/outbox/outbox'
import { FIRST_CHECK_AFTER_MS, makePayment, paymentDeps, UNKNOWN_RECHECK_MS } from '../../worker/services/payments/payment'
import { ALERT_AFTER_ATTEMPTS, paymentSettleHandler, settleLaterStatements } from '../../worker/services/payments/payment-settlement'

/**
 * Payments left pending are settled by the outbox's payment-settle channel (decision 162): the row is
 * queued with the write that leaves the payment pending, and a drain asks the processor by reference
 * (never a second charge). A counting processor stands in, and every drain gets its clock, so nothing
 * here depends on the time a test takes.
 */
beforeAll(() => seed(), 120_000)

const T0 = Date.UTC(2030, 0, 15, 15, 0, 0)

/** A processor that records charges and lookups; `charge` charges and then does not answer (a timeout) unless told otherwise. */
function countingProcessor(opts: { answerCharge?: boolean; lookupUnknown?: boolean } = {}) {
  const charged: ChargeRequest[] = []
  const lookups: string[] = []
  const processor: PaymentProcessor = {
    async charge(request) {
      charged.push(request)
      if (opts.answerCharge) return { outcome: 'approved', processorRef: `ref_${request.reference}` }
      throw new ProcessorOutcomeUnknownError('timeout', 'no answer in time')
    },
    async lookup(reference): Promise<ChargeResult | null> {
      lookups.push(reference)
      if (opts.lookupUnknown) throw new ProcessorOutcomeUnknownError('http-status', 'gateway 503', 503)
      return charged.some((c) => c.reference === reference) ? { outcome: 'approved', processorRef: `ref_${reference}` } : null
    },
    storeMethod: async () => ({ outcome: 'refused', message: 'not in this test' }),
    storePayoutAccount: async () => ({ outcome: 'refused', message: 'not in this test' }),
    validateBankAccount: async () => ({ outcome: 'invalid', message: 'not in this test' }),
    removeMethod: async () => undefined,
  }
  return { processor, charged, lookups }
}

/** Pays `amount` on the policy through the service at T0, with the given processor. */
async function pay(policyId: string, amount: string, processor: PaymentProcessor) {
  const policy = await storedPolicy(policyId)
  const payload = buildPaymentPayload(cardFormValues({ amount }), { policyId, emailOnFile: true, authorizationText: '' })
  return makePayment(
    portalEnv,
    {
      policy,
      family: 'homeowners',
      idempotencyKey: crypto.randomUUID(),
      payload,
      payer: { sessionId: 's-settle', sessionKind: 'direct', profileId: null, requestId: 'r-settle', channel: 'api', profileEmail: '', verifiedAt: Date.now() },
    },
    paymentDeps(portalEnv, { processor, now: () => T0 }),
  )
}

async function paymentOf(paymentId: string): Promise<PaymentRow> {
  return (await env.DB.prepare('SELECT * FROM payments WHERE payment_id = ?').bind(paymentId).first<PaymentRow>())!
}

async function settleRowOf(paymentId: string) {
  return (await env.DB.prepare("SELECT status, attempts, next_attempt_at FROM outbox WHERE channel = 'payment-settle' AND dedupe_key = ?")
    .bind(`payment-settle:${paymentId}`)
    .first<{ status: string; attempts: number; next_attempt_at: number }>())!
}

async function receiptCount(paymentId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key = ?').bind(`payment-receipt:${paymentId}`).first<{ n: number }>()
  return row!.n
}

const drainSettlements = (processor: PaymentProcessor, now: number) =>
  drainOutbox(portalEnv, { channels: ['payment-settle'], handlers: { 'payment-settle': paymentSettleHandler({ processor }) }, now })

describe('payment settlement on the outbox', () => {
  it('a processor timeout leaves a payment-settle row; a drain settles the payment once from the lookup, with one receipt; draining again changes nothing', async () => {
    const fake = countingProcessor()
    const answer = await pay('COM4050002', '150.00', fake.processor)
    expect(answer).toMatchObject({ status: 202, text: PAYMENT_OUTCOME_TEXT.pending, pending: true })
    const paymentId = (answer as { paymentId: string }).paymentId
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'pending', outcome: 'unknown' })
    // Queued at insert for T0 + FIRST_CHECK_AFTER_MS, brought forward by the timeout.
    expect(await settleRowOf(paymentId)).toEqual({ status: 'pending', attempts: 0, next_attempt_at: T0 + UNKNOWN_RECHECK_MS })

    await drainSettlements(fake.processor, T0 + UNKNOWN_RECHECK_MS - 1)
    expect(fake.lookups).toEqual([])

    await drainSettlements(fake.processor, T0 + UNKNOWN_RECHECK_MS)
    const settled = await paymentOf(paymentId)
    expect(settled).toMatchObject({ status: 'approved', processor_ref: `ref_${paymentId}`, settled_at: T0 + UNKNOWN_RECHECK_MS })
    expect(await settleRowOf(paymentId)).toMatchObject({ status: 'delivered', attempts: 1 })
    expect(fake.charged).toHaveLength(1)
    expect(fake.lookups).toEqual([paymentId])
    expect(await receiptCount(paymentId)).toBe(1)
    expect((await storedPolicy('COM4050002')).recentPayment).toBe(15000)

    await drainSettlements(fake.processor, T0 + 24 * 3600_000)
    expect(await paymentOf(paymentId)).toEqual(settled)
    expect(fake.charged).toHaveLength(1)
    expect(fake.lookups).toHaveLength(1)
    expect(await receiptCount(paymentId)).toBe(1)
    expect((await storedPolicy('COM4050002')).payments.filter((p) => p.amount === 15000)).toHaveLength(1)
  })

  it('a payment settled by its own request: its payment-settle row is delivered as nothing to do, without asking the processor', async () => {
    const fake = countingProcessor({ answerCharge: true })
    const answer = await pay('COM4050004', '425.00', fake.processor)
    expect(answer).toMatchObject({ status: 200, final: true })
    const paymentId = (answer as { paymentId: string }).paymentId
    expect(await settleRowOf(paymentId)).toMatchObject({ status: 'pending', next_attempt_at: T0 + FIRST_CHECK_AFTER_MS })

    await drainSettlements(fake.processor, T0 + FIRST_CHECK_AFTER_MS)
    expect(await settleRowOf(paymentId)).toMatchObject({ status: 'delivered' })
    expect(fake.lookups).toEqual([])
    expect(fake.charged).toHaveLength(1)
    expect(await receiptCount(paymentId)).toBe(1)
  })

  it('still unknown: retried with the outbox backoff, an error log from ALERT_AFTER_ATTEMPTS, a dead letter after MAX_ATTEMPTS; never charged again', async () => {
    expect(ALERT_AFTER_ATTEMPTS).toBeLessThan(MAX_ATTEMPTS)
    const fake = countingProcessor({ lookupUnknown: true })
    const answer = await pay('DWL4050005', '456.00', fake.processor)
    const paymentId = (answer as { paymentId: string }).paymentId
    const levels: string[] = []
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const due = (await settleRowOf(paymentId)).next_attempt_at
      const { lines } = await captureLogs(() => drainSettlements(fake.processor, due))
      const pendingLine = parsedLines(lines).find((l) => l.message === 'payment still pending' && l.paymentId === paymentId)
      levels.push(String(pendingLine?.level))
    }
    expect(levels).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => (i + 1 >= ALERT_AFTER_ATTEMPTS ? 'error' : 'info')))
    expect(await settleRowOf(paymentId)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS })
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'pending' })
    expect(fake.lookups).toHaveLength(MAX_ATTEMPTS)
    expect(fake.charged).toHaveLength(1)
  })

  it('a pending payment whose policy is not stored: no guessed state; an error log, the delivery retried, the payment left pending', async () => {
    const fake = countingProcessor()
    const paymentId = 'pay_no_policy_state'
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO payments (payment_id, idempotency_key, request_fingerprint, policy_id, family, session_id, session_kind, channel, request_id,
           amount_cents, method_kind, brand, last4, payer_name, receipt_email, created_at)
         VALUES (?, 'k-no-state', '[]', 'HOM4999999', 'homeowners', 's', 'direct', 'island', 'r', 5000, 'card', 'Visa', '1111', 'Erin Edge', 'erin@example.com', ?)`,
      ).bind(paymentId, T0),
      ...settleLaterStatements(env.DB, paymentId, T0),
    ])
    const { lines } = await captureLogs(() => drainSettlements(fake.processor, T0))
    expect(parsedLines(lines)).toContainEqual(expect.objectContaining({ level: 'error', message: 'payment policy state unknown', policyId: 'HOM4999999' }))
    const row = await env.DB.prepare("SELECT status, last_error FROM outbox WHERE dedupe_key = 'payment-settle:pay_no_policy_state'").first()
    expect(row).toEqual({ status: 'pending', last_error: 'no stored state for policy HOM4999999' })
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'pending', settled_at: null })
    expect(fake.lookups).toEqual([])
  })
})
