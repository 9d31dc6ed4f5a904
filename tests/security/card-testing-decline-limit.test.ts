import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import type { Browser } from '../worker/helpers'
import { bearer, jsonPost, seed } from '../worker/helpers'
import { withPolicy } from '../worker/servicing-helpers'
import { cardFormValues } from '../worker/payment-fixtures'
import { captureLogs, parsedLines, routeOutbound } from '../worker/sso-support'
import { JSON_HEADER } from '../../shared/site-request'
import { LANGUAGE_COOKIE } from '../../shared/i18n/locale'
import { PROBLEM_TYPES } from '../../shared/api/problem'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import { DECLINE_RULE } from '../../worker/middleware/rate-rules'

/**
 * Card testing (issue 20 item 2, decision 165): payments the issuer does not accept count against the
 * payer's account and the policy (the address only without an account: decision 185); past the limit MakePayment is a 429 problem with
 * Retry-After and a message a person understands, before anything reaches the processor. Any refusal by
 * the issuer reads the same; the processor's real reason is logged server-side only.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(() => vi.unstubAllGlobals())

const DECLINED = '4000000000000002'
const INSUFFICIENT = '4000000000009995'

function pay(b: Browser, policyId: string, cardNumber: string, change: Record<string, string> = {}): Promise<Response> {
  const payload = buildPaymentPayload(cardFormValues({ amount: '120.00', cardNumber, ...change }), { policyId, emailOnFile: true, authorizationText: '' })
  return b.fetch(makePaymentPath('homeowners', policyId), {
    method: 'POST',
    headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(payload),
  })
}

const paymentsOf = async (policyId: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM payments WHERE policy_id = ?').bind(policyId).first<{ n: number }>())!.n

describe('declined payments are limited per account and policy', () => {
  it(`after ${DECLINE_RULE.limit} refusals the next payment is a 429 with Retry-After, even after a new login; the answers never tell a decline from insufficient funds`, async () => {
    const policyId = 'HOM4020001'
    const b = await withPolicy(policyId)
    const { lines } = await captureLogs(async () => {
      const texts: string[] = []
      // A payment sent back for its fields costs nothing.
      const invalid = await pay(b, policyId, DECLINED, { cvv: '' })
      expect(invalid.status).toBe(400)
      for (let i = 0; i < DECLINE_RULE.limit; i++) {
        const res = await pay(b, policyId, i % 2 === 0 ? DECLINED : INSUFFICIENT)
        expect(res.status).toBe(202)
        texts.push(await res.text())
      }
      expect(new Set(texts).size).toBe(1)
      expect(texts[0]).toMatch(/^Your payment was declined, and no payment was made\. Please use another card, or call us at /)
    })
    expect(await paymentsOf(policyId)).toBe(DECLINE_RULE.limit)
    // The real reasons are in the log, for us.
    const settled = parsedLines(lines).filter((l) => l.message === 'payment settled')
    expect(settled.map((l) => l.outcome)).toEqual(expect.arrayContaining(['declined', 'insufficient_funds']))

    const paused = await pay(b, policyId, '4111111111111111')
    expect(paused.status).toBe(429)
    expect(paused.headers.get('Content-Type')).toContain('application/problem+json')
    const retryAfter = Number(paused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(DECLINE_RULE.lockMs / 1000)
    const problem = (await paused.json()) as { type: string; errorMessage: string }
    expect(problem.type).toBe(PROBLEM_TYPES.rateLimited)
    expect(problem.errorMessage).toMatch(
      /^Several payments were not accepted in a short time, so online payment is paused .* Please try again in \d+ minutes, or call us\.$/,
    )
    expect(await paymentsOf(policyId)).toBe(DECLINE_RULE.limit) // nothing reached the processor

    // A new login (another session of the same profile) is the same account.
    const again = await withPolicy(policyId)
    expect((await pay(again, policyId, '4111111111111111')).status).toBe(429)

    // Make a Payment in Spanish shows the pause as the server writes it: in Spanish, its wait in minutos.
    again.cookies.set(LANGUAGE_COOKIE, 'es')
    const spanish = (await (await pay(again, policyId, '4111111111111111')).json()) as { errorMessage: string }
    expect(spanish.errorMessage).toMatch(/^Varios pagos no se aceptaron en poco tiempo, .* Inténtelo de nuevo en \d+ minutos, o llámenos\.$/)
    // An API caller (a bearer token) is answered in the spec's English, whatever its Accept-Language.
    const payload = buildPaymentPayload(cardFormValues({ amount: '120.00', cardNumber: '4111111111111111' }), {
      policyId,
      emailOnFile: true,
      authorizationText: '',
    })
    const app = await jsonPost(makePaymentPath('homeowners', policyId), payload, {
      ...(await bearer('direct.single')),
      'Accept-Language': 'es-US,es;q=0.9',
      'Idempotency-Key': crypto.randomUUID(),
    })
    expect(app.status).toBe(429)
    expect(((await app.json()) as { errorMessage: string }).errorMessage).toMatch(/^Several payments were not accepted in a short time/)
  })

  it('approved payments do not count', async () => {
    const policyId = 'HOM4040001'
    const b = await withPolicy(policyId)
    for (let i = 0; i < DECLINE_RULE.limit - 1; i++) expect((await pay(b, policyId, DECLINED)).status).toBe(202)
    const counter = await env.DB.prepare('SELECT failures FROM counters WHERE counter_key = ?')
      .bind(`rate:declined:policy:${policyId}`)
      .first<{ failures: number }>()
    expect(counter?.failures).toBe(DECLINE_RULE.limit - 1)
    expect((await pay(b, policyId, '4111111111111111')).status).toBe(200)
    const after = await env.DB.prepare('SELECT failures FROM counters WHERE counter_key = ?')
      .bind(`rate:declined:policy:${policyId}`)
      .first<{ failures: number }>()
    expect(after?.failures).toBe(DECLINE_RULE.limit - 1)
  })
})
