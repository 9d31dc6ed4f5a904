import { describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { paymentProcessor, type PaymentMethodDetails } from '../../worker/integrations/payments'
import { ProcessorOutcomeUnknownError, ProcessorTimeoutError } from '../../worker/integrations/payments/port'
import { paymentsHttpAdapter } from '../../worker/integrations/payments/http'
import { portalEnv, standInFetch } from './sso-support'

/**
 * The payment port's tokenization (issue 22 item 1) through the REAL adapter against the sandbox
 * (/__dev/payments/methods): store once per reference, a token of letters, a charge by token answered as
 * the number itself would be, a bank account validated before a debit, removal; and the adapter's
 * unknown outcomes. The sandbox keeps no number for a token.
 */
const processor = () => paymentProcessor(portalEnv, { fetch: standInFetch })
const card = (number: string): PaymentMethodDetails => ({ kind: 'card', number, expMonth: 7, expYear: 2099, cvv: '123', name: 'Casey', zip: '30305' })
const bank = (account: string): PaymentMethodDetails => ({ kind: 'bank', routing: '021000021', account, name: 'Casey' })
const ref = (what: string) => `${what}_${crypto.randomUUID().replace(/-/g, '')}`

describe('tokenization at the sandbox', () => {
  it('stores a card once per reference, with a token of letters, brand, last four and expiry; charges it by token', async () => {
    const reference = ref('save')
    const first = await processor().storeMethod({ reference, method: card('4111111111111111') })
    const again = await processor().storeMethod({ reference, method: card('4111111111111111') })
    expect(first).toEqual(again)
    if (first.outcome !== 'stored') throw new Error('not stored')
    expect(first.method).toMatchObject({ kind: 'card', brand: 'Visa', last4: '1111', expMonth: 7, expYear: 2099 })
    expect(first.method.token).toMatch(/^tok_[a-z]+$/)
    const charged = await processor().charge({
      reference: ref('pay'),
      amountCents: 1000,
      policyId: 'BLD4050001',
      method: { kind: 'token', token: first.method.token },
    })
    expect(charged.outcome).toBe('approved')
    const kept = await env.CACHE.get(`dev:payments:method:${first.method.token}`)
    expect(kept).not.toContain('4111111111111111')
  })

  it('answers a stored test number as the number itself: declined, or charged and then a timeout', async () => {
    const declined = await processor().storeMethod({ reference: ref('save'), method: card('4000000000000002') })
    if (declined.outcome !== 'stored') throw new Error('not stored')
    expect(
      (await processor().charge({ reference: ref('pay'), amountCents: 1000, policyId: 'BLD4050001', method: { kind: 'token', token: declined.method.token } }))
        .outcome,
    ).toBe('declined')
    const slow = await processor().storeMethod({ reference: ref('save'), method: card('4000000000005043') })
    if (slow.outcome !== 'stored') throw new Error('not stored')
    const reference = ref('pay')
    await expect(
      processor().charge({ reference, amountCents: 1000, policyId: 'BLD4050001', method: { kind: 'token', token: slow.method.token } }),
    ).rejects.toBeInstanceOf(ProcessorTimeoutError)
    expect((await processor().lookup(reference))?.outcome).toBe('approved')
  })

  it('refuses details that fail their checks, and a bank account not validated yet; validates and removes', async () => {
    expect(await processor().storeMethod({ reference: ref('save'), method: card('4111111111111112') })).toEqual({
      outcome: 'refused',
      message: 'The card number is not valid.',
    })
    const account = await processor().storeMethod({ reference: ref('save'), method: bank('000123456789') })
    if (account.outcome !== 'stored') throw new Error('not stored')
    expect(account.method).toMatchObject({ kind: 'bank', brand: 'JPMorgan Chase', last4: '6789', expMonth: null })
    const debit = () =>
      processor().charge({ reference: ref('pay'), amountCents: 1000, policyId: 'BLD4050001', method: { kind: 'token', token: account.method.token } })
    expect((await debit()).outcome).toBe('error')
    expect(await processor().validateBankAccount(account.method.token)).toEqual({ outcome: 'valid' })
    expect((await debit()).outcome).toBe('approved')
    const closed = await processor().storeMethod({ reference: ref('save'), method: bank('000777777771') })
    if (closed.outcome !== 'stored') throw new Error('not stored')
    expect((await processor().validateBankAccount(closed.method.token)).outcome).toBe('invalid')
    await processor().removeMethod(account.method.token)
    await processor().removeMethod(account.method.token) // already gone: not an error
    expect((await debit()).outcome).toBe('error')
  })
})

describe('the adapter when the processor does not answer', () => {
  it('throws an unknown outcome for a store without an answer in time, or a gateway error', async () => {
    const slow = paymentsHttpAdapter({
      baseUrl: 'https://processor.example/v1',
      apiKey: 'k',
      timeoutMs: 50,
      fetch: (_url, init) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    })
    await expect(slow.storeMethod({ reference: ref('save'), method: card('4111111111111111') })).rejects.toBeInstanceOf(ProcessorTimeoutError)
    const gateway = paymentsHttpAdapter({
      baseUrl: 'https://processor.example/v1',
      apiKey: 'k',
      fetch: async () => new Response('bad gateway', { status: 502 }),
    })
    await expect(gateway.storeMethod({ reference: ref('save'), method: card('4111111111111111') })).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError)
    await expect(gateway.validateBankAccount('tok_abcdefgh')).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError)
    await expect(gateway.removeMethod('tok_abcdefgh')).rejects.toBeInstanceOf(ProcessorOutcomeUnknownError)
  })
})
