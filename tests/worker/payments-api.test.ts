import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, Browser, ORIGIN } from './helpers'
import { cardFormValues } from './payment-fixtures'
import { withPolicy, ownerOf, text, mainOf } from './servicing-helpers'
import { portalEnv, routeOutbound, standInFetch, captureLogs } from './sso-support'
import { storedPolicy } from './payment-support'
import { JSON_HEADER } from '../../shared/site-request'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import { bankAuthorizationText } from '../../shared/payments/authorization'
import { localDate } from '../../shared/clock'
import { parseDollars } from '../../shared/payments/money'
import { PAYMENT_OUTCOME_TEXT, CONFIRMATION_PATTERN, receiptPath } from '../../shared/payments/outcome'
import type { PaymentFormValues } from '../../shared/payments/schemas/payment'
import type { PaymentPayload } from '../../shared/payments/schemas/payment-payload'
import type { PaymentRow } from '../../worker/db/payments/payments'
import { makePayment, paymentDeps } from '../../worker/services/payments/payment'
import { NEVER_RECEIVED_AFTER_MS } from '../../worker/services/payments/payment-settlement'
import { drainOutbox } from '../../worker/services/outbox/outbox'
import { SANDBOX_TEST_NUMBERS } from '../../worker/dev/payments-sandbox-rules'
import type { Env } from '../../worker/env'
import { withCheckDigit } from '../support/luhn'

/**
 * POST /v1/{family}/MakePayment/{policyId} (issue 11 phase B, decisions 111 and 113) against the real
 * worker, D1 and the sandbox processor (/__dev/payments, reached by the real HTTP adapter): each
 * outcome, the pending path settled by the outbox's payment-settle channel, 20 parallel duplicates, reconciliation after a
 * database failure between the charge and the settlement, scope, and no card data at rest or in logs.
 * Every test pays on its own policy, so none depends on another's payment.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => {
  routeOutbound()
})
afterEach(() => vi.unstubAllGlobals())

const SANDBOX = portalEnv.PAYMENT_API_URL!
const VISA_OK = '4111111111111111'
const ACCOUNT_OK = '000123456789'
const ROUTING = '021000021'

const values = (change: Partial<PaymentFormValues>): PaymentFormValues => cardFormValues({ cardNumber: VISA_OK, ...change })

/** The payload the island sends (built by the island's own builder), for an amount in dollars. */
async function payloadFor(policyId: string, amount: string, change: Partial<PaymentFormValues> = {}, emailOnFile = true): Promise<PaymentPayload> {
  const policy = await storedPolicy(policyId)
  const v = values({ amount, ...change })
  const authorizationText = bankAuthorizationText({
    amountCents: parseDollars(amount),
    date: localDate(Date.now(), policy.state),
    accountLast4: v.accountNumber.slice(-4),
    policyId,
    supportPhone: portalEnv.SUPPORT_PHONE,
  })
  return buildPaymentPayload(v, { policyId, emailOnFile, authorizationText })
}

const family = (policyId: string) => (/^(AEX|EX|FLD)/.test(policyId) ? 'flood' : 'homeowners')

function post(b: Browser, policyId: string, payload: PaymentPayload, key: string | null = crypto.randomUUID()): Promise<Response> {
  return b.fetch(makePaymentPath(family(policyId), policyId), {
    method: 'POST',
    headers: { ...JSON_HEADER, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(payload),
  })
}

async function rowsOf(policyId: string): Promise<PaymentRow[]> {
  const { results } = await env.DB.prepare('SELECT * FROM payments WHERE policy_id = ? ORDER BY created_at').bind(policyId).all<PaymentRow>()
  return results
}

interface SettleRow {
  status: string
  attempts: number
  next_attempt_at: number
  last_error: string | null
}

/** The payment's payment-settle outbox row (queued with the write that left it pending). */
async function settleRowOf(paymentId: string): Promise<SettleRow | null> {
  return env.DB.prepare("SELECT status, attempts, next_attempt_at, last_error FROM outbox WHERE channel = 'payment-settle' AND dedupe_key = ?")
    .bind(`payment-settle:${paymentId}`)
    .first<SettleRow>()
}

/** What the cron does every minute, at a chosen time: the payment-settle channel only (other tests' mail stays put). */
const drainSettlements = (now: number) => drainOutbox(portalEnv as Env, { channels: ['payment-settle'], now })

async function sandboxChargesOf(policyId: string): Promise<{ reference: string; outcome: string; last4: string }[]> {
  const res = await standInFetch(`${SANDBOX}/charges`)
  const { charges } = (await res.json()) as { charges: { reference: string; outcome: string; last4: string; policyId: string }[] }
  return charges.filter((c) => c.policyId === policyId)
}

async function receiptMails(policyId: string): Promise<{ to: string; subject: string; text: string }[]> {
  const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE 'payment-receipt:%'").all<{
    payload: string
  }>()
  return results.map((r) => JSON.parse(r.payload) as { to: string; subject: string; text: string }).filter((m) => m.text.includes(`Policy: ${policyId}`))
}

describe('a card payment approved', () => {
  it('answers 200 with the confirmation number, posts the payment to the history and the due box at once, queues the receipt, serves the PDF', async () => {
    const policyId = 'HOM4010001'
    const b = await withPolicy(policyId)
    const before = await storedPolicy(policyId)
    const res = await post(b, policyId, await payloadFor(policyId, '184.50'))
    expect(res.status).toBe(200)
    expect(res.headers.get('Payment-Outcome')).toBe('paid')
    const body = await res.text()
    const confirmation = /confirmation number is (P[0-9A-Z]{10})\./.exec(body)?.[1]
    expect(confirmation).toMatch(CONFIRMATION_PATTERN)
    expect(body).toBe(
      `Thank you. Your payment of $184.50 on policy ${policyId} was approved. Your confirmation number is ${confirmation}. A receipt has been emailed to ${before.email}.`,
    )

    const [row] = await rowsOf(policyId)
    expect(row).toMatchObject({
      status: 'approved',
      outcome: 'approved',
      amount_cents: 18450,
      method_kind: 'card',
      brand: 'Visa',
      last4: '1111',
      confirmation_number: confirmation,
    })
    expect(await sandboxChargesOf(policyId)).toHaveLength(1)

    const after = await storedPolicy(policyId)
    expect(after.totalDue).toBe(before.totalDue - 18450)
    expect(after.amountDue).toBe(0)
    expect(after.recentPayment).toBe(18450)
    expect(after.payments).toContainEqual({
      postDate: localDate(row!.settled_at!, after.state),
      amount: 18450,
      checkNumber: '',
      description: 'Online Payment - Credit Card',
    })

    // The system-message page says it, with the receipt link; then the history and the due box.
    const message = await b.fetch('/system-message')
    const html = await message.text()
    expect(text(html)).toContain('Success!')
    expect(html).toContain(`href="${receiptPath(confirmation!)}"`)
    const history = text(mainOf(await (await b.fetch('/payment-history')).text()))
    expect(history).toContain('$184.50')
    expect(history).toContain('Online Payment - Credit Card')
    expect(text(await (await b.fetch('/policy-information')).text())).toContain('Thank you for your recent payment of')

    const pdf = await b.fetch(receiptPath(confirmation!))
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    const mails = await receiptMails(policyId)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: before.email, subject: `Your ProgHome payment receipt, confirmation ${confirmation}` })
    expect(mails[0]!.text).toContain('Visa ending in 1111')
  })
})

describe('refusals: nothing charged, nothing posted, the text as a 202', () => {
  it.each([
    ['declined', 'HOM4020001', '4000000000000002', 'declined', 'Your payment was declined, and no payment was made. Please use another card'],
    // One outward reason for any refusal by the issuer (issue 20 item 2): the row keeps the real one.
    ['insufficient funds', 'HOM4040001', '4000000000009995', 'declined', 'Your payment was declined, and no payment was made. Please use another card'],
    ['a processing error', 'HOM4040006', '4000000000000119', 'failed', 'We could not process your payment, and no payment was made.'],
  ])('%s', async (_name, policyId, card, status, words) => {
    const b = await withPolicy(policyId)
    const before = await storedPolicy(policyId)
    const res = await post(b, policyId, await payloadFor(policyId, '120.00', { cardNumber: card }))
    expect(res.status).toBe(202)
    expect(res.headers.get('Payment-Outcome')).toBe('not-made')
    expect(await res.text()).toContain(words)
    expect((await rowsOf(policyId))[0]).toMatchObject({ status, confirmation_number: null, response_status: 202 })
    expect(await storedPolicy(policyId)).toEqual(before)
    expect(await receiptMails(policyId)).toEqual([])
    const notices = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key LIKE 'payment-not-completed:%' AND payload LIKE ?")
      .bind(`%${policyId}%`)
      .first<{ n: number }>()
    expect(notices!.n).toBe(0) // answered at once: the page says it, no email
    const html = await (await b.fetch('/system-message')).text()
    expect(text(html)).toContain('An unexpected error has occurred.')
    expect(text(html)).toContain(words)
  })
})

describe('one rule of paying online (issue 35, decision 222)', () => {
  it('COM4050003, 2 terms due: the agent collects it, online too: a 202 that says so, nothing written or charged', async () => {
    const policyId = 'COM4050003'
    const b = await withPolicy(policyId)
    const res = await post(b, policyId, await payloadFor(policyId, '3100.00'))
    expect(res.status).toBe(202)
    expect(await res.text()).toBe('Please contact your agent to make a payment.')
    expect(await rowsOf(policyId)).toEqual([])
    expect(await sandboxChargesOf(policyId)).toEqual([])
    expect(text(await (await b.fetch('/make-payment')).text())).toContain('Please contact your agent to make a payment:')
  })
})

describe('the processor does not answer in time', () => {
  it('charged, then a timeout: 202 pending (never 200: decision 218), the policy blocked for another payment, then the outbox settles it approved by lookup (no second charge)', async () => {
    const policyId = 'COM4050002'
    const b = await withPolicy(policyId)
    const payload = await payloadFor(policyId, '150.00', { cardNumber: '4000000000005043' })
    const k = crypto.randomUUID()
    const res = await post(b, policyId, payload, k)
    expect(res.status).toBe(202)
    expect(res.headers.get('Payment-Outcome')).toBe('pending')
    expect(await res.text()).toBe(PAYMENT_OUTCOME_TEXT.pending)
    const [pending] = await rowsOf(policyId)
    expect(pending).toMatchObject({ status: 'pending', outcome: 'unknown' })
    expect((await storedPolicy(policyId)).recentPayment).toBe(0)

    const again = await post(b, policyId, await payloadFor(policyId, '151.00'))
    expect(again.status).toBe(202)
    expect(again.headers.get('Payment-Outcome')).toBe('notice')
    expect(await again.text()).toBe(PAYMENT_OUTCOME_TEXT.inFlight)

    const due = (await settleRowOf(pending!.payment_id))!
    expect(due).toMatchObject({ status: 'pending', attempts: 0 })
    await drainSettlements(due.next_attempt_at)
    expect(await settleRowOf(pending!.payment_id)).toMatchObject({ status: 'delivered', attempts: 1 })
    const [settled] = await rowsOf(policyId)
    expect(settled).toMatchObject({ status: 'approved', confirmation_number: expect.stringMatching(CONFIRMATION_PATTERN) })
    expect((await storedPolicy(policyId)).recentPayment).toBe(15000)
    expect(await sandboxChargesOf(policyId)).toHaveLength(1)
    expect(await receiptMails(policyId)).toHaveLength(1)

    // The payer's retry of the same payment (same key) is told what became of it, not 'pending' again.
    const retry = await post(b, policyId, payload, k)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('Payment-Outcome')).toBe('paid')
    expect(await retry.text()).toContain(settled!.confirmation_number!)
    expect(await sandboxChargesOf(policyId)).toHaveLength(1)
  })

  it('a timeout before the charge: pending, still pending while the processor may yet receive it, then failed as never received', async () => {
    // Not COM4050003 any more: with 2 terms due it is the agent's to collect, online too (decision 222).
    const policyId = 'HOM4060003'
    const b = await withPolicy(policyId)
    const res = await post(
      b,
      policyId,
      await payloadFor(policyId, '295.00', {
        type: 'check',
        cardNumber: '',
        cvv: '',
        expMonth: '',
        expYear: '',
        routingNumber: ROUTING,
        checkNumber: '1001',
        accountNumber: '000408408408',
        authorizeDebit: true,
      }),
    )
    expect(res.status).toBe(202)
    expect(res.headers.get('Payment-Outcome')).toBe('pending')
    const [pending] = await rowsOf(policyId)
    // Not received yet, inside the processor's window: a failed delivery, retried with the outbox's backoff.
    await drainSettlements((await settleRowOf(pending!.payment_id))!.next_attempt_at)
    expect((await rowsOf(policyId))[0]).toMatchObject({ status: 'pending' })
    const retrying = (await settleRowOf(pending!.payment_id))!
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, last_error: 'the processor has not received the payment yet' })
    await drainSettlements(Math.max(retrying.next_attempt_at, pending!.created_at + NEVER_RECEIVED_AFTER_MS))
    expect(await settleRowOf(pending!.payment_id)).toMatchObject({ status: 'delivered', attempts: 2 })
    expect((await rowsOf(policyId))[0]).toMatchObject({ status: 'failed', outcome: 'never-received', response_status: 202 })
    expect(await sandboxChargesOf(policyId)).toEqual([])
    expect((await storedPolicy(policyId)).recentPayment).toBe(0)
    // They were told a receipt would come: they are told it did not go through instead.
    const { results } = await env.DB.prepare('SELECT payload FROM outbox WHERE dedupe_key = ?')
      .bind(`payment-not-completed:${pending!.payment_id}`)
      .all<{ payload: string }>()
    expect(results).toHaveLength(1)
    const mail = JSON.parse(results[0]!.payload) as { to: string; subject: string; text: string }
    expect(mail.subject).toBe(`Your ProgHome payment on policy ${policyId} did not go through`)
    expect(mail.text).toContain('Bank account ending in 8408')
    expect(mail.text).toContain('no payment was made')
  })
})

describe('never a double charge', () => {
  it('20 parallel duplicates: one payment, one charge, the same answer for all', async () => {
    const policyId = 'COM4050004'
    const b = await withPolicy(policyId)
    const payload = await payloadFor(policyId, '425.00')
    const key = crypto.randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(b, policyId, payload, key).then(async (r) => ({ status: r.status, body: await r.text() }))),
    )
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1)
    expect(answers[0]!.status).toBe(200)
    expect(await rowsOf(policyId)).toHaveLength(1)
    expect(await sandboxChargesOf(policyId)).toHaveLength(1)
    expect((await storedPolicy(policyId)).payments.filter((p) => p.description === 'Online Payment - Credit Card')).toHaveLength(1)
  })

  it('the inner safety net: 20 parallel duplicates straight to the service (no idempotency middleware) make one row and one charge, and agree', async () => {
    const policyId = 'FLD4050012' // flood, no email on file: the payer types one
    const policy = await storedPolicy(policyId)
    const payload = await payloadFor(policyId, '648.00', { email: 'payer@example.com' }, false)
    const key = crypto.randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        makePayment(
          portalEnv as Env,
          {
            policy,
            family: 'flood',
            idempotencyKey: key,
            payload,
            payer: { sessionId: 's-dup', sessionKind: 'sso', profileId: null, requestId: 'r-dup', channel: 'api', profileEmail: '', verifiedAt: Date.now() },
          },
          paymentDeps(portalEnv as Env),
        ),
      ),
    )
    expect(await rowsOf(policyId)).toHaveLength(1)
    expect(await sandboxChargesOf(policyId)).toHaveLength(1)
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(answers[0]).toMatchObject({ status: 200, text: expect.stringContaining('A receipt has been emailed to payer@example.com.') })
    expect((await storedPolicy(policyId)).totalDue).toBe(0)
  })

  it('a database failure after the processor charged: the retry finds the charge by reference and settles it, without charging again', async () => {
    const policyId = 'DWL4050005'
    const b = await withPolicy(policyId)
    const policy = await storedPolicy(policyId)
    const payload = await payloadFor(policyId, '456.00')
    const key = crypto.randomUUID()
    const owner = ownerOf(policyId)
    const session = await env.DB.prepare('SELECT session_id FROM sessions ORDER BY rowid DESC LIMIT 1').first<{ session_id: string }>()
    const failingDeps = paymentDeps(portalEnv as Env, { batch: () => Promise.reject(new Error('D1_ERROR: database unavailable')) })
    await expect(
      makePayment(
        portalEnv as Env,
        {
          policy,
          family: 'homeowners',
          idempotencyKey: key,
          payload,
          payer: {
            sessionId: session?.session_id ?? 's',
            sessionKind: 'direct',
            profileId: owner.key,
            requestId: 'r-test',
            channel: 'island',
            profileEmail: '',
            verifiedAt: Date.now(),
          },
        },
        failingDeps,
      ),
    ).rejects.toThrow('database unavailable')
    expect((await rowsOf(policyId))[0]).toMatchObject({ status: 'pending' })
    expect(await sandboxChargesOf(policyId)).toHaveLength(1)

    // The island retries with the same key (the same payment, card number and CVV typed again).
    const res = await post(b, policyId, payload, key)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('was approved')
    expect(await rowsOf(policyId)).toHaveLength(1)
    expect((await rowsOf(policyId))[0]).toMatchObject({ status: 'approved' })
    expect(await sandboxChargesOf(policyId)).toHaveLength(1)
    expect((await storedPolicy(policyId)).recentPayment).toBe(45600)
  })
})

describe('scope and input', () => {
  it("another person's policy is a 404, like a missing one; nothing is charged", async () => {
    const b = await withPolicy('HOM4020001') // sam
    const chargesBefore = (await sandboxChargesOf('HOM4010001')).length
    const rowsBefore = (await rowsOf('HOM4010001')).length
    const res = await post(b, 'HOM4010001', await payloadFor('HOM4010001', '184.50'))
    expect(res.status).toBe(404)
    expect(await sandboxChargesOf('HOM4010001')).toHaveLength(chargesBefore)
    expect(await rowsOf('HOM4010001')).toHaveLength(rowsBefore)
    const missing = await post(b, 'HOM4999999', { ...(await payloadFor('HOM4010001', '184.50')), policyId: 'HOM4999999' })
    expect(missing.status).toBe(404)
    expect(await res.text()).toBe(await missing.text())
  })

  it('a previously cancelled policy may not pay: 403, whatever the body', async () => {
    const policyId = 'HOM4040003'
    const b = await withPolicy(policyId)
    const res = await post(b, policyId, await payloadFor(policyId, '160.00'))
    expect(res.status).toBe(403)
    expect(await rowsOf(policyId)).toEqual([])
  })

  it("a receipt is its policy's only: another person's confirmation number is the 404 page, like an unknown one", async () => {
    const policyId = 'HOM4040001'
    const confirmation = 'P2345678923'
    await env.DB.prepare(
      `INSERT INTO payments (payment_id, idempotency_key, request_fingerprint, policy_id, family, session_id, session_kind, channel, request_id,
         amount_cents, method_kind, brand, last4, payer_name, status, outcome, processor_ref, confirmation_number, response_status, response_text, created_at, settled_at)
       VALUES ('pay_receipt_test', 'k-receipt', '[]', ?, 'homeowners', 's', 'direct', 'island', 'r', 5000, 'card', 'Visa', '1111', 'Erin Edge',
         'approved', 'approved', 'sbx_x', ?, 200, 'ok', 1, 2)`,
    )
      .bind(policyId, confirmation)
      .run()
    const owner = await withPolicy(policyId)
    expect((await owner.fetch(receiptPath(confirmation))).status).toBe(200)
    const other = await withPolicy('HOM4020001')
    expect((await other.fetch(receiptPath(confirmation))).status).toBe(404)
    expect((await owner.fetch(receiptPath('P2345678924'))).status).toBe(404)
  })

  it('nothing due: 202 "Your policy is paid in full." and nothing sent to the processor', async () => {
    const policyId = 'CND4010002'
    const b = await withPolicy(policyId)
    const res = await post(b, policyId, await payloadFor(policyId, '10.00'))
    expect(res.status).toBe(202)
    expect(await res.text()).toBe('Your policy is paid in full.')
    expect(await rowsOf(policyId)).toEqual([])
    expect(await sandboxChargesOf(policyId)).toEqual([])
  })

  it('the form rules on the server: 400 with the messages by field (Discover on a homeowners policy, amount too high)', async () => {
    const policyId = 'HOM4020001'
    const b = await withPolicy(policyId)
    const res = await post(b, policyId, await payloadFor(policyId, '9999.00', { cardNumber: '6011111111111117' }))
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errors: Record<string, string> }
    expect(body.errors).toMatchObject({
      amount: 'Payment Amount is too high, must be less than or equal to $600.00',
      cardNumber: 'We do not currently support Discover as a payment option.',
    })
  })

  it('a check payment whose authorization text is not the one the server would show: 202, not charged', async () => {
    const policyId = 'HOM4020001'
    const b = await withPolicy(policyId)
    const payload = await payloadFor(policyId, '120.00', {
      type: 'check',
      routingNumber: ROUTING,
      checkNumber: '1001',
      accountNumber: ACCOUNT_OK,
      authorizeDebit: true,
    })
    const chargesBefore = (await sandboxChargesOf(policyId)).length
    const res = await post(b, policyId, { ...payload, bankAuthorization: { ...payload.bankAuthorization!, text: 'I authorize nothing.' } })
    expect(res.status).toBe(202)
    expect(await res.text()).toBe(PAYMENT_OUTCOME_TEXT.authorizationChanged)
    expect(await sandboxChargesOf(policyId)).toHaveLength(chargesBefore)
  })
})

describe('card ranges and the routing checksum, judged by MakePayment (issue 20 items 8 and 11)', () => {
  it("a Discover 65 number on a homeowners policy gets the spec's unsupported-type message, a 2-series Mastercard is a valid card, a routing number failing the ABA checksum or its first two digits is a field error; nothing is charged", async () => {
    const policyId = 'HOM4020001'
    const b = await withPolicy(policyId)
    const [rowsBefore, chargesBefore] = [(await rowsOf(policyId)).length, (await sandboxChargesOf(policyId)).length]
    const errorsOf = async (res: Response) => {
      expect(res.status).toBe(400)
      return ((await res.json()) as { errors: Record<string, string> }).errors
    }
    const tooHigh = { amount: 'Payment Amount is too high, must be less than or equal to $600.00' }
    const discover = await post(b, policyId, await payloadFor(policyId, '9999.00', { cardNumber: withCheckDigit('650012345678901') }))
    expect(await errorsOf(discover)).toEqual({ ...tooHigh, cardNumber: 'We do not currently support Discover as a payment option.' })
    // Only the amount is wrong: the card number is taken (it was 'Please enter a valid credit card number').
    const mastercard = await post(b, policyId, await payloadFor(policyId, '9999.00', { cardNumber: withCheckDigit('222300123456789') }))
    expect(await errorsOf(mastercard)).toEqual(tooHigh)
    const bank = { type: 'check', cardNumber: '', checkNumber: '1001', accountNumber: ACCOUNT_OK, authorizeDebit: true } as const
    const routing = await post(b, policyId, await payloadFor(policyId, '10.00', { ...bank, routingNumber: '021000022' }))
    expect(await errorsOf(routing)).toEqual({ routingNumber: 'Please use a valid Routing Number' })
    // Issue 31 item 4: 000000000 passes the checksum, but 00 begins no bank's routing number.
    const zeros = await post(b, policyId, await payloadFor(policyId, '10.00', { ...bank, routingNumber: '000000000' }))
    expect(await errorsOf(zeros)).toEqual({ routingNumber: 'Please use a valid Routing Number' })
    expect(await rowsOf(policyId)).toHaveLength(rowsBefore)
    expect(await sandboxChargesOf(policyId)).toHaveLength(chargesBefore)
  })
})

describe('card data: never at rest, never in logs', () => {
  async function everythingStored(): Promise<string> {
    const parts: string[] = []
    const { results: tables } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>()
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all()
      parts.push(JSON.stringify(results))
    }
    const kv = await env.CACHE.list()
    for (const k of kv.keys) parts.push(k.name, (await env.CACHE.get(k.name)) ?? '')
    const r2 = await env.DOCS.list()
    for (const o of r2.objects) {
      parts.push(o.key)
      const obj = await env.DOCS.get(o.key)
      if (obj) parts.push(new TextDecoder('latin1').decode(await obj.arrayBuffer()))
    }
    return parts.join('\n')
  }

  it('after approved card and check payments, a declined one and a card number sent to the log, no full card number, CVV or account number is in D1, KV, R2 or the logs', async () => {
    const card = '5555555555554444'
    const cvv = '987'
    const account = '000123456789'
    const { lines } = await captureLogs(async () => {
      const flood = await withPolicy('FLD4010003')
      const floodRes = await post(flood, 'FLD4010003', await payloadFor('FLD4010003', '1423.00', { cardNumber: card, cvv }))
      expect(floodRes.status).toBe(200)
      const check = await withPolicy('BLD4050001')
      const bank = { type: 'check', routingNumber: ROUTING, checkNumber: '1001', authorizeDebit: true } as const
      const refused = await post(check, 'BLD4050001', await payloadFor('BLD4050001', '120.00', { ...bank, accountNumber: '000111111113' }))
      expect(refused.status).toBe(202)
      const checkRes = await post(
        check,
        'BLD4050001',
        await payloadFor('BLD4050001', '120.00', { type: 'check', routingNumber: ROUTING, checkNumber: '1001', accountNumber: account, authorizeDebit: true }),
      )
      expect(checkRes.status).toBe(200)
      // A card number posted anywhere else: refused, and not logged either.
      const log = await new Browser().fetch('/v1/common/Log', {
        method: 'POST',
        headers: { ...JSON_HEADER, 'Content-Type': 'application/json' },
        body: JSON.stringify({ loggingLevel: 'Error', message: `my card is ${card.replace(/(\d{4})/g, '$1 ')} exp 07/99` }),
      })
      expect(log.status).toBe(400)
      // On a page form too (a profile's phone field, say): refused before any handler reads it.
      const form = await check.form('/manage-profile', { homePhone: card })
      expect(form.status).toBe(400)
      expect(await form.text()).toContain('Card numbers are accepted only by the payment form.')
    })
    const row = (await rowsOf('BLD4050001'))[1]
    expect(row).toMatchObject({ status: 'approved', method_kind: 'bank', brand: 'ACH', last4: '6789', check_number: '1001' })
    expect(row!.authorization_text).toContain('ending in 6789')

    // Digits only, so a number written with spaces or dashes is found too.
    const stored = (await everythingStored()).replace(/[ -]/g, '')
    const logs = lines.join('\n').replace(/[ -]/g, '')
    for (const secret of [card, account, ...SANDBOX_TEST_NUMBERS.map((t) => t.number)]) {
      expect(stored).not.toContain(secret)
      expect(logs).not.toContain(secret)
    }
    for (const where of [stored, logs]) expect(where).not.toMatch(new RegExp(`cvv[^,}]{0,12}${cvv}`, 'i'))
    expect(lines.join('\n')).toContain('card number refused')
  })
})

void ORIGIN
