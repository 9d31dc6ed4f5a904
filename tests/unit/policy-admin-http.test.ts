import { describe, expect, it } from 'vitest'
import { createHttpPolicyAdmin } from '../../worker/integrations/policy-admin/http'
import { PolicyAdminRefusedError, PolicyAdminUnavailableError, type QuoteRequest } from '../../worker/integrations/policy-admin/port'

/** The policy administration adapter (decision 214): what it sends, and how each answer maps to the port. */
const request: QuoteRequest = {
  policyId: 'HOM4010001',
  reference: 'pc_1',
  effectiveDate: '2026-12-01',
  request: { kind: 'mortgagee', change: { action: 'remove', position: 2 } },
  asOf: { mortgagees: [] },
}

function answering(status: number, body: unknown, type = 'application/json') {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': type } })
  }
  return { calls, admin: createHttpPolicyAdmin({ baseUrl: 'https://pas.example/v1/', apiKey: 'k', fetch }) }
}

describe('the policy administration adapter', () => {
  it('quotes with the key as a bearer token and reads the quote', async () => {
    const { calls, admin } = answering(201, { quoteId: 'q_1', premiumChangeCents: 0, referral: 'checks the release' })
    expect(await admin.quote(request)).toEqual({ quoteId: 'q_1', premiumChangeCents: 0, referral: 'checks the release' })
    expect(calls[0]!.url).toBe('https://pas.example/v1/changes/quotes')
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe('Bearer k')
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(request)
  })

  it('binds under the idempotency key it is given', async () => {
    const { calls, admin } = answering(200, { status: 'referred', changeId: 'chg_1', reason: 'release' })
    expect(await admin.bind('q_1', 'pc_1')).toEqual({ status: 'referred', changeId: 'chg_1', reason: 'release' })
    expect(calls[0]!.url).toBe('https://pas.example/v1/changes/quotes/q_1/bind')
    expect(new Headers(calls[0]!.init.headers).get('Idempotency-Key')).toBe('pc_1')
  })

  it('keeps the billing a bind answers (decision 217): its schedule is what the policy of record gets', async () => {
    const billing = {
      owedCents: 203000,
      pastDueCents: 0,
      plan: 'monthly',
      dueDay: 20,
      expiry: '2027-11-10',
      schedule: [{ dueDate: '2026-12-20', amountCents: 20300, feeCents: 500 }],
    }
    const { admin } = answering(200, { status: 'bound', changeId: 'chg_2', effectiveDate: '2026-11-28', policy: { billing } })
    expect(await admin.bind('q_2', 'pc_2')).toEqual({ status: 'bound', changeId: 'chg_2', effectiveDate: '2026-11-28', policy: { billing } })
    const odd = answering(200, { status: 'bound', changeId: 'chg_3', effectiveDate: '2026-11-28', policy: { billing: { ...billing, plan: 'weekly' } } })
    await expect(odd.admin.bind('q_3', 'pc_3')).rejects.toBeInstanceOf(PolicyAdminUnavailableError)
  })

  it('a 4xx is a refusal with its words; a 5xx, an answer of another shape or none is unavailable', async () => {
    await expect(answering(422, { error: 'not on the policy' }).admin.quote(request)).rejects.toEqual(new PolicyAdminRefusedError(422, 'not on the policy'))
    await expect(answering(503, { error: 'down' }).admin.bind('q', 'k')).rejects.toBeInstanceOf(PolicyAdminUnavailableError)
    await expect(answering(200, { status: 'bound' }).admin.bind('q', 'k')).rejects.toThrow(/another shape/)
    await expect(answering(200, '<html>', 'text/html').admin.state('q')).rejects.toThrow(/another shape/)
    await expect(answering(200, { status: 'quoted' }).admin.bind('q', 'k')).rejects.toBeInstanceOf(PolicyAdminUnavailableError)
    const silent = createHttpPolicyAdmin({ baseUrl: 'https://pas.example', apiKey: 'k', fetch: () => Promise.reject(new TypeError('refused')) })
    await expect(silent.state('q')).rejects.toEqual(new PolicyAdminUnavailableError('network'))
  })
})
