import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { LANGUAGE_COOKIE } from '../../shared/i18n/locale'
import type { Browser } from '../worker/helpers'
import { seed } from '../worker/helpers'
import { withPolicy } from '../worker/servicing-helpers'
import { captureLogs, parsedLines, portalEnv, routeOutbound } from '../worker/sso-support'
import { cardFormValues } from '../worker/payment-fixtures'
import { JSON_HEADER } from '../../shared/site-request'
import { PROBLEM_TYPES } from '../../shared/api/problem'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import { SAVE_CONSENT_VERSION } from '../../shared/payments/saved-methods'
import { DECLINE_RULE } from '../../worker/middleware/rate-rules'
import { SAVE_METHOD_RULE, saveMethod } from '../../worker/services/payments/saved-methods'
import { paymentProcessor, type PaymentMethodDetails, type PaymentProcessor } from '../../worker/integrations/payments'

/**
 * Issue 31 item 3 (decision 203): the limits on saving payment methods and on payments not accepted are
 * counted before the processor is called, so requests sent at once meet the limit exactly; counted at
 * the sandbox, where each call arrives. Saving a bank account answers the same words whatever the bank's
 * or processor's reason, which goes to the log.
 */
beforeAll(() => seed(), 120_000)
let outbound: ReturnType<typeof routeOutbound>
beforeEach(() => {
  outbound = routeOutbound()
})
afterEach(() => vi.unstubAllGlobals())

const SANDBOX = portalEnv.PAYMENT_API_URL!
/** What reached the processor: its POSTs to one endpoint. */
const sandboxPosts = (path: '/methods' | '/charges') => outbound.calls.filter((c) => c.method === 'POST' && c.url === `${SANDBOX}${path}`).length

function send(b: Browser, path: string, body: unknown): Promise<Response> {
  return b.fetch(path, {
    method: 'POST',
    headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(body),
  })
}

const consent = { accepted: true, version: SAVE_CONSENT_VERSION }
const card = { kind: 'card', cardNumber: '4111111111111111', expMonth: 7, expYear: 2099, cvv: '123', billingName: 'Maria Multi', consent }
const bank = { kind: 'bank', routingNumber: '021000021', accountNumber: '000123456789', billingName: 'Maria Multi', consent }

function pay(b: Browser, policyId: string, cardNumber: string, extra: Record<string, unknown> = {}): Promise<Response> {
  const payload = buildPaymentPayload(cardFormValues({ amount: '120.00', cardNumber }), { policyId, emailOnFile: true, authorizationText: '' })
  return send(b, makePaymentPath('homeowners', policyId), { ...payload, ...extra })
}

function countsOf(answers: Response[]): Record<number, number> {
  const n: Record<number, number> = {}
  for (const r of answers) n[r.status] = (n[r.status] ?? 0) + 1
  return n
}

/** Maria pays with 'Save this card' when her profile has used up its saves: the System Message that follows. */
async function paidWithSaveAtLimit(b: Browser): Promise<string> {
  const maria = await env.DB.prepare("SELECT profile_id FROM profiles WHERE user_name = 'maria.multi'").first<{ profile_id: string }>()
  await env.DB.prepare('INSERT OR REPLACE INTO counters (counter_key, failures, window_start, locked_until) VALUES (?, ?, ?, 0)')
    .bind(`rate:save-method:account:profile:${maria!.profile_id}`, SAVE_METHOD_RULE.limit, Date.now())
    .run()
  const paid = await pay(b, 'HOM4010001', '5555555555554444', { saveMethod: { consent: true, version: SAVE_CONSENT_VERSION, nickname: '' } })
  expect(paid.status).toBe(200)
  return (await b.fetch('/system-message')).text()
}

describe('saving payment methods: 10 an hour per profile, counted before the processor', () => {
  it(`25 saves sent at once: ${SAVE_METHOD_RULE.limit} reach the processor and are saved, the rest are 429 with Retry-After`, async () => {
    await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:save-method:%'").run()
    const b = await withPolicy('HOM4010001') // maria
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => send(b, '/v1/profile/PaymentMethods', i % 2 ? bank : card)))
    expect(countsOf(answers)).toEqual({ 200: SAVE_METHOD_RULE.limit, 429: 25 - SAVE_METHOD_RULE.limit })
    expect(sandboxPosts('/methods')).toBe(SAVE_METHOD_RULE.limit)
    const refused = answers.find((r) => r.status === 429)!
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(SAVE_METHOD_RULE.windowMs / 1000)
    const problem = (await refused.json()) as { type: string; errorMessage: string }
    expect(problem.type).toBe(PROBLEM_TYPES.rateLimited)
    expect(problem.errorMessage).toMatch(/^Several payment methods were added in a short time, so adding one is paused .* Please try again in \d+ minutes\.$/)
  })

  it("'Save this card' on Make a Payment counts against the same limit: the payment is made, the card is not sent to be stored", async () => {
    const message = await paidWithSaveAtLimit(await withPolicy('HOM4010001'))
    expect(sandboxPosts('/charges')).toBe(1)
    expect(sandboxPosts('/methods')).toBe(0)
    expect(message).toContain('Your payment method was not saved: Several payment methods were added in a short time')
  })

  it('a person paying in Spanish reads the pause in Spanish, its wait in minutos', async () => {
    const b = await withPolicy('HOM4010001')
    b.cookies.set(LANGUAGE_COOKIE, 'es')
    const message = await paidWithSaveAtLimit(b)
    expect(message).toMatch(/Su método de pago no se guardó: Se agregaron varios métodos de pago en poco tiempo, .* Inténtelo de nuevo en \d+ minutos\./)
  })
})

describe('payments not accepted: 5 an hour per account, counted before the charge', () => {
  /** Copies of sam's policy (its amount due) linked to sam's profile: declines on one account that other-pending payments do not hold back. */
  async function samsPolicies(n: number): Promise<string[]> {
    const src = await env.DB.prepare("SELECT * FROM policies WHERE policy_id = 'HOM4020001'").first<Record<string, unknown>>()
    const sam = await env.DB.prepare("SELECT profile_id FROM profiles WHERE user_name = 'sam.single'").first<{ profile_id: string }>()
    const ids = Array.from({ length: n }, (_, i) => `HOM4900${String(i + 1).padStart(3, '0')}`)
    await env.DB.batch(
      ids.flatMap((id, i) => [
        env.DB.prepare(
          'INSERT OR REPLACE INTO policies (policy_id, plan_id, state, last_name, birth_date, send_to_progressive, doc, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)',
        ).bind(
          id,
          src!.plan_id,
          src!.state,
          src!.last_name,
          src!.birth_date,
          JSON.stringify({ ...(JSON.parse(String(src!.doc)) as object), policyID: id }),
          Date.now(),
        ),
        env.DB.prepare("INSERT OR REPLACE INTO profile_policies (policy_id, profile_id, nickname, position) VALUES (?, ?, 'Copy', ?)").bind(
          id,
          sam!.profile_id,
          i + 10,
        ),
      ]),
    )
    return ids
  }

  it(`22 declines sent at once over 6 policies: the processor sees ${DECLINE_RULE.limit}, never more, then the account is paused`, async () => {
    const policies = await samsPolicies(6)
    const b = await withPolicy('HOM4020001')
    // One policy has one payment in flight at a time (another is answered 'in progress' and gives its slot
    // back), so a burst may leave slots free: bursts are sent until one is refused whole.
    for (let burst = 0; burst < 10; burst++) {
      const answers = await Promise.all(Array.from({ length: 22 }, (_, i) => pay(b, policies[i % policies.length]!, '4000000000000002')))
      expect(sandboxPosts('/charges')).toBeLessThanOrEqual(DECLINE_RULE.limit)
      if (answers.every((r) => r.status === 429)) break
    }
    expect(sandboxPosts('/charges')).toBe(DECLINE_RULE.limit)
    const declined = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM payments WHERE status = 'declined' AND policy_id IN (${policies.map(() => '?').join(', ')})`,
    )
      .bind(...policies)
      .first<{ n: number }>()
    expect(declined!.n).toBe(DECLINE_RULE.limit)
    // An approved card is paused too now, on sam's own policy: nothing reaches the processor.
    const paused = await pay(b, 'HOM4020001', '4111111111111111')
    expect(paused.status).toBe(429)
    expect(sandboxPosts('/charges')).toBe(DECLINE_RULE.limit)
  })
})

describe('a bank account not saved reads the same whatever the reason', () => {
  /** The sandbox, but with a refusal or an answer of our choosing where the real processor might give one. */
  function processorThat(change: Partial<PaymentProcessor>): PaymentProcessor {
    return { ...paymentProcessor(portalEnv), ...change }
  }

  it('an account the bank cannot confirm, one the processor refuses and one it no longer knows: one sentence; the reasons are in the log', async () => {
    await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:save-method:%'").run()
    const erin = await env.DB.prepare("SELECT profile_id FROM profiles WHERE user_name = 'erin.edge'").first<{ profile_id: string }>()
    const method: PaymentMethodDetails = { kind: 'bank', routing: '021000021', account: '000123456789', name: 'Erin Edge' }
    const save = (processor: PaymentProcessor, account = method.account) =>
      saveMethod(portalEnv, processor, {
        profileId: erin!.profile_id,
        sessionId: 'test',
        method: { ...method, account },
        nickname: '',
        sourcePaymentId: null,
        now: Date.now(),
      })
    const { result, lines } = await captureLogs(async () => [
      // The sandbox's account that its bank cannot confirm (README "Trying payments").
      await save(paymentProcessor(portalEnv), '000777777771'),
      await save(processorThat({ storeMethod: async () => ({ outcome: 'refused', message: 'No such account at this bank.' }) })),
      await save(processorThat({ validateBankAccount: async () => ({ outcome: 'invalid', message: 'Account closed.' }) })),
    ])
    const messages = result.map((a) => (a.ok ? 'saved' : a.message))
    expect(new Set(messages).size).toBe(1)
    expect(messages[0]).toBe(
      'Your bank could not confirm this account, so it was not saved. Please check the routing and account numbers, or use another account.',
    )
    const reasons = parsedLines(lines)
      .filter((l) => l.message === 'payment method not saved')
      .map((l) => l.reason)
    expect(reasons).toEqual(['The bank could not confirm this account.', 'No such account at this bank.', 'Account closed.'])
  })
})
