import { describe, it, expect, beforeEach } from 'vitest'
import { env } from 'cloudflare:workers'
import { paymentProcessor, type ChargeRequest, type PaymentMethodDetails } from '../../worker/integrations/payments'
import { ProcessorOutcomeUnknownError, ProcessorTimeoutError } from '../../worker/integrations/payments/port'
import { paymentsHttpAdapter } from '../../worker/integrations/payments/http'
import { portalEnv, standInFetch, STAND_IN_ORIGIN, type OutboundCall } from './sso-support'

/**
 * The REAL payment adapter (POST {PAYMENT_API_URL}/charges, GET /charges/{reference}) against the
 * sandbox processor at /__dev/payments, reached through the worker itself: every outcome of the test
 * numbers, idempotency by reference, the timeouts and what the sandbox keeps.
 */
const SANDBOX = portalEnv.PAYMENT_API_URL!

function recordingFetch() {
  const calls: (OutboundCall & { body: string })[] = []
  const fetch = async (input: string, init: RequestInit) => {
    calls.push({
      method: init.method ?? 'GET',
      url: input,
      headers: Object.fromEntries(new Headers(init.headers) as unknown as Iterable<[string, string]>),
      body: typeof init.body === 'string' ? init.body : '',
    })
    return standInFetch(input, init)
  }
  return { calls, fetch }
}

const card = (number: string, extra: Partial<Extract<PaymentMethodDetails, { kind: 'card' }>> = {}): PaymentMethodDetails => ({
  kind: 'card',
  number,
  expMonth: 7,
  expYear: 2099,
  cvv: number.startsWith('3') ? '1234' : '123',
  name: 'Casey Whitfield',
  zip: '30305',
  ...extra,
})
const bank = (account: string, routing = '021000021'): PaymentMethodDetails => ({
  kind: 'bank',
  routing,
  account,
  checkNumber: '1001',
  name: 'Casey Whitfield',
})

function request(method: PaymentMethodDetails, amountCents = 24000): ChargeRequest {
  return { reference: `pay_test_${crypto.randomUUID()}`, amountCents, method, policyId: 'BLD4050001' }
}

const processor = () => paymentProcessor(portalEnv, { fetch: standInFetch })

async function sandboxCharges(): Promise<Record<string, unknown>[]> {
  const res = await standInFetch(`${SANDBOX}/charges`)
  return ((await res.json()) as { charges: Record<string, unknown>[] }).charges
}

beforeEach(async () => {
  const res = await standInFetch(`${SANDBOX}/charges`, { method: 'DELETE', headers: { Origin: STAND_IN_ORIGIN } })
  expect(res.status).toBe(204)
})

describe('payment adapter: a charge', () => {
  it('sends the reference as the Idempotency-Key, the API key as a bearer token, cents and the method as JSON', async () => {
    const { calls, fetch } = recordingFetch()
    const req = request(card('4111111111111111'))
    const result = await paymentProcessor(portalEnv, { fetch }).charge(req)
    expect(result).toEqual({ outcome: 'approved', processorRef: expect.stringMatching(/^sbx_[0-9a-f]{24}$/), message: 'Approved.' })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.method).toBe('POST')
    expect(calls[0]!.url).toBe(`${SANDBOX}/charges`)
    expect(calls[0]!.headers['idempotency-key']).toBe(req.reference)
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${portalEnv.PAYMENT_API_KEY ?? ''}`.trim())
    expect(calls[0]!.headers.origin).toBeUndefined() // a server's call, as production makes it (decision 191)
    expect(JSON.parse(calls[0]!.body)).toEqual({
      reference: req.reference,
      amountCents: 24000,
      currency: 'USD',
      policyId: 'BLD4050001',
      method: { kind: 'card', number: '4111111111111111', expMonth: 7, expYear: 2099, cvv: '123', name: 'Casey Whitfield', zip: '30305' },
    })
  })

  it.each([
    ['a Visa test card', card('4111111111111111'), 'approved', 'Approved.'],
    ['a Mastercard test card', card('5555555555554444'), 'approved', 'Approved.'],
    ['an Amex test card', card('378282246310005'), 'approved', 'Approved.'],
    ['a declined card', card('4000000000000002'), 'declined', 'The payment was declined.'],
    ['a declined Mastercard', card('5105105105105100'), 'declined', 'The payment was declined.'],
    ['insufficient funds', card('4000000000009995'), 'insufficient_funds', 'The payment was declined for insufficient funds.'],
    ['a processing error', card('4000000000000119'), 'error', 'The payment could not be processed.'],
    ['a number failing the Luhn check', card('4111111111111112'), 'declined', 'The card number is not valid.'],
    ['an expired card', card('4111111111111111', { expYear: 2001 }), 'declined', 'The card has expired.'],
    ['an Amex with a 3-digit CVV', card('378282246310005', { cvv: '123' }), 'declined', 'The security code is not valid.'],
    ['a bank test account', bank('000123456789'), 'approved', 'Approved.'],
    ['a closed account', bank('000111111113'), 'declined', 'The payment was declined.'],
    ['a bank account without the funds', bank('000222222227'), 'insufficient_funds', 'The payment was declined for insufficient funds.'],
    ['a bank processing error', bank('000333333335'), 'error', 'The payment could not be processed.'],
    ['a routing number failing the ABA checksum', bank('000123456789', '021000022'), 'declined', 'The routing number is not valid.'],
  ])('%s: %s', async (_name, method, outcome, message) => {
    const result = await processor().charge(request(method))
    expect(result.outcome).toBe(outcome)
    expect(result.message).toBe(message)
    if (outcome === 'error') expect(result.processorRef).toBeUndefined()
    else expect(result.processorRef).toMatch(/^sbx_/)
  })
})

describe('payment adapter: idempotency by reference', () => {
  it('a repeat of the same reference answers the same and charges once', async () => {
    const req = request(card('4111111111111111'))
    const first = await processor().charge(req)
    const again = await processor().charge(req)
    expect(again).toEqual(first)
    expect(await sandboxCharges()).toHaveLength(1)
  })

  it('20 duplicates at once: one charge, one answer', async () => {
    const req = request(card('5555555555554444'), 12345)
    const results = await Promise.all(Array.from({ length: 20 }, () => processor().charge(req)))
    for (const r of results) expect(r).toEqual(results[0])
    expect(results[0]!.outcome).toBe('approved')
    const charges = await sandboxCharges()
    expect(charges).toHaveLength(1)
    expect(charges[0]).toMatchObject({ reference: req.reference, amountCents: 12345, brand: 'Mastercard', last4: '4444', outcome: 'approved' })
  })

  it('a reference reused for another payment is refused (error), and the first charge stands', async () => {
    const req = request(card('4111111111111111'), 24000)
    await processor().charge(req)
    const other = await processor().charge({ ...req, amountCents: 99900 })
    expect(other).toEqual({ outcome: 'error', message: 'The payment processor refused the request (HTTP 422).' })
    const charges = await sandboxCharges()
    expect(charges).toHaveLength(1)
    expect(charges[0]!.amountCents).toBe(24000)
  })

  it('lookup tells what a reference did, or null when the processor never had it', async () => {
    const req = request(card('4000000000000002'))
    const charged = await processor().charge(req)
    expect(await processor().lookup(req.reference)).toEqual(charged)
    expect(await processor().lookup('pay_never_sent_0001')).toBeNull()
  })
})

describe('payment adapter: unknown outcomes are thrown, typed, and settled by lookup', () => {
  it('charged, then the gateway times out (504): ProcessorTimeoutError; lookup finds it approved; a retry does not charge again', async () => {
    for (const method of [card('4000000000005043'), bank('000504504504')]) {
      const req = request(method)
      const err = await processor()
        .charge(req)
        .catch((e: unknown) => e)
      expect(err).toBeInstanceOf(ProcessorTimeoutError)
      expect(err).toMatchObject({ reason: 'timeout', status: 504 })
      expect(await processor().lookup(req.reference)).toMatchObject({ outcome: 'approved', processorRef: expect.stringMatching(/^sbx_/) })
      expect(await processor().charge(req)).toMatchObject({ outcome: 'approved' })
    }
    expect(await sandboxCharges()).toHaveLength(2)
  })

  it('a timeout before the charge: lookup finds nothing', async () => {
    for (const method of [card('4000000000004087'), bank('000408408408')]) {
      const req = request(method)
      await expect(processor().charge(req)).rejects.toBeInstanceOf(ProcessorTimeoutError)
      expect(await processor().lookup(req.reference)).toBeNull()
    }
    expect(await sandboxCharges()).toHaveLength(0)
  })

  it("no answer within the adapter's timeout: ProcessorTimeoutError (the fetch is aborted)", async () => {
    let aborted = false
    const silent = (_input: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => {
          aborted = true
          reject(init.signal?.reason)
        })
      })
    const adapter = paymentsHttpAdapter({ baseUrl: SANDBOX, apiKey: 'k', fetch: silent, timeoutMs: 5 })
    const err = await adapter.charge(request(card('4111111111111111'))).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProcessorTimeoutError)
    expect(aborted).toBe(true)
    await expect(adapter.lookup('pay_some_reference')).rejects.toBeInstanceOf(ProcessorTimeoutError)
  })

  it.each([
    ['a network error', () => Promise.reject(new TypeError('connection refused')), 'network'],
    ['HTTP 500', () => Promise.resolve(new Response('oops', { status: 500 })), 'http-status'],
    ['HTTP 409 (still processing)', () => Promise.resolve(Response.json({ error: 'in progress' }, { status: 409 })), 'http-status'],
    ['an answer that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } })), 'bad-answer'],
    ['broken JSON', () => Promise.resolve(new Response('{"outcome":', { status: 200, headers: { 'Content-Type': 'application/json' } })), 'bad-answer'],
    ['an answer about another reference', () => Promise.resolve(Response.json({ reference: 'pay_someone_else', outcome: 'approved' })), 'bad-answer'],
  ])('%s: ProcessorOutcomeUnknownError (%s)', async (_name, answer, reason) => {
    const adapter = paymentsHttpAdapter({ baseUrl: SANDBOX, apiKey: 'k', fetch: answer })
    const err = await adapter.charge(request(card('4111111111111111'))).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ProcessorOutcomeUnknownError)
    expect(err).not.toBeInstanceOf(ProcessorTimeoutError)
    expect((err as ProcessorOutcomeUnknownError).reason).toBe(reason)
  })

  it('a wrong API key is refused by the sandbox: error, nothing charged', async () => {
    const adapter = paymentsHttpAdapter({ baseUrl: SANDBOX, apiKey: 'wrong-key', fetch: standInFetch })
    expect(await adapter.charge(request(card('4111111111111111')))).toEqual({
      outcome: 'error',
      message: 'The payment processor refused the request (HTTP 401).',
    })
    expect(await sandboxCharges()).toHaveLength(0)
  })
})

describe('the sandbox keeps no card number, CVV or bank account number', () => {
  it('stores brand, last four, amount and reference, and nothing a thief could use', async () => {
    await processor().charge(request(card('378282246310005', { cvv: '9876' }), 5000))
    await processor().charge(request(bank('000123456789'), 7000))
    const charges = await sandboxCharges()
    expect(charges.map((c) => [c.brand, c.last4, c.amountCents])).toEqual(
      expect.arrayContaining([
        ['American Express', '0005', 5000],
        ['ACH', '6789', 7000],
      ]),
    )
    const { keys } = await env.CACHE.list({ prefix: 'dev:payments:' })
    expect(keys).toHaveLength(2)
    for (const k of keys) {
      const raw = (await env.CACHE.get(k.name)) ?? ''
      for (const secret of ['378282246310005', '9876', '000123456789', '021000021']) expect(raw).not.toContain(secret)
    }
  })
})
