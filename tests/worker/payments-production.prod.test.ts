import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import { paymentProcessor } from '../../worker/integrations/payments'
import { api, ORIGIN } from './helpers'

/** ENVIRONMENT=production: no payment sandbox, and the adapter talks only to the real processor. */
const portalEnv = env as unknown as Env

describe('payments in production', () => {
  it('has no sandbox', async () => {
    for (const [path, method] of [
      ['/__dev/payments/charges', 'GET'],
      ['/__dev/payments/charges', 'POST'],
      ['/__dev/payments/charges/pay_0123456789', 'GET'],
    ] as const) {
      const res = await api(path, { method, headers: { 'Content-Type': 'application/json', Origin: ORIGIN }, ...(method === 'POST' ? { body: '{}' } : {}) })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('charges at PAYMENT_API_URL with PAYMENT_API_KEY, and names no origin', async () => {
    const calls: { url: string; headers: Headers }[] = []
    const fetch = async (input: string, init: RequestInit) => {
      calls.push({ url: input, headers: new Headers(init.headers) })
      return Response.json({ reference: 'pay_prod_reference_1', outcome: 'approved', processorRef: 'ch_1' })
    }
    const result = await paymentProcessor(portalEnv, { fetch }).charge({
      reference: 'pay_prod_reference_1',
      amountCents: 100,
      policyId: 'HOM4010001',
      method: { kind: 'card', number: '4111111111111111', expMonth: 7, expYear: 2099, cvv: '123', name: 'M', zip: '95831' },
    })
    expect(result).toEqual({ outcome: 'approved', processorRef: 'ch_1' })
    expect(calls[0]!.url).toBe(`${portalEnv.PAYMENT_API_URL}/charges`)
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${portalEnv.PAYMENT_API_KEY}`)
    expect(calls[0]!.headers.get('Origin')).toBeNull()
  })

  it('refuses a sandbox address or a missing key', () => {
    expect(() => paymentProcessor({ ...portalEnv, PAYMENT_API_URL: 'https://portal.example/__dev/payments' })).toThrow(/cannot use the local stand-in/)
    expect(() => paymentProcessor({ ...portalEnv, PAYMENT_API_KEY: undefined })).toThrow(/production needs PAYMENT_API_URL and PAYMENT_API_KEY/)
  })
})
