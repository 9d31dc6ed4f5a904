import { describe, it, expect, beforeAll, beforeEach } from 'vitest'
import { seed } from './helpers'
import { withPolicy } from './servicing-helpers'
import { routeOutbound } from './sso-support'
import { JSON_HEADER } from '../../shared/site-request'
import { makePaymentPath } from '../../shared/payments/payload'
import { PROBLEM_MEDIA_TYPE, PROBLEM_TYPES } from '../../shared/api/problem'

/** Issue 18: /v1 refusals are problems in our words; a payment body carries only its own method's fields. */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())

const POLICY = 'HOM4010001'

const card = {
  type: 'creditCard',
  policyId: POLICY,
  amount: '25.00',
  billingName: 'Casey Whitfield',
  billingAddress: { address1: '1 Main St', city: 'Atlanta', state: 'GA', zipCode: '30305' },
  creditCardNumber: '4111111111111111',
  cvv: '123',
  expirationDate: '07/01/2099',
}

async function pay(body: unknown): Promise<Response> {
  const b = await withPolicy(POLICY)
  return b.fetch(makePaymentPath('homeowners', POLICY), {
    method: 'POST',
    headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(body),
  })
}

describe('MakePayment bodies', () => {
  it('a card payment without the check fields (and without description or email) is taken', async () => {
    const res = await pay(card)
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/confirmation|processed|payment/i)
  })

  it('a body without its type is a 400 problem naming the field in our words, never the validator text', async () => {
    const { type: _type, ...untyped } = card
    const res = await pay(untyped)
    expect(res.status).toBe(400)
    expect(res.headers.get('Content-Type')).toBe(PROBLEM_MEDIA_TYPE)
    const problem = (await res.json()) as { type: string; status: number; detail: string; errorMessage: string; errors: Record<string, string> }
    expect(problem).toMatchObject({ type: PROBLEM_TYPES.invalidBody, status: 400, errors: { type: 'This field is required.' } })
    expect(problem.detail).toBe(problem.errorMessage)
    expect(JSON.stringify(problem)).not.toMatch(/Invalid input|expected \w+, received/)
  })
})
