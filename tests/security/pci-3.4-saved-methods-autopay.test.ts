import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { Browser, seed } from '../worker/helpers'
import { withPolicy } from '../worker/servicing-helpers'
import { captureLogs, portalEnv, routeOutbound } from '../worker/sso-support'
import { cardFormValues } from '../worker/payment-fixtures'
import { JSON_HEADER } from '../../shared/site-request'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import { bankAuthorizationText } from '../../shared/payments/authorization'
import { localDate } from '../../shared/clock'
import { SAVE_CONSENT_VERSION, type SavedMethodView } from '../../shared/payments/saved-methods'
import { policySchema, type Policy } from '../../shared/policy/schemas/policy'
import type { PaymentFormValues } from '../../shared/payments/schemas/payment'
import type { PaymentPayload } from '../../shared/payments/schemas/payment-payload'
import { runScheduledWork } from '../../worker/services/scheduled-work'
import type { Env } from '../../worker/env'
import { digitsOf, everythingStored } from './stored-everything'
import { withCheckDigit } from '../support/luhn'

/**
 * PCI DSS 3.4 for issue 22: after the journeys of saved methods and automatic payments (a card saved
 * while paying, a payment with it, a bank account saved while paying and one through /v1, automatic
 * payments enrolled, drafted on the due date and declined), no full card or account number is in D1
 * (every table, the outbox included), KV (the processor sandbox's keys too), R2 or the logs, and no
 * page or API answer shows a number or a processor token.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(() => vi.unstubAllGlobals())

const VISA = withCheckDigit('453201511299876')
const MASTERCARD = withCheckDigit('542523343088442')
const DECLINED = '4000000000000002'
const ACCOUNT_TYPED = '000987654321'
const ACCOUNT_API = '000564738291'
const SECRETS = [VISA, MASTERCARD, DECLINED, ACCOUNT_TYPED, ACCOUNT_API]
const DAY = 86_400_000

async function policyOf(policyId: string): Promise<Policy> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return policySchema.parse(JSON.parse(row!.doc))
}

const answers: string[] = []

async function keep(res: Response): Promise<Response> {
  const body = await res.clone().text()
  answers.push(body)
  return res
}

/** The portal's clock during the journey (moved before the due date): the bank authorization is dated by it. */
let portalToday = ''

function payload(policyId: string, amount: string, change: Partial<PaymentFormValues>, extra: Partial<PaymentPayload> = {}): PaymentPayload {
  const v = cardFormValues({ amount, ...change })
  const authorizationText = bankAuthorizationText({
    amountCents: Math.round(Number(amount) * 100),
    date: portalToday,
    accountLast4: v.accountNumber.slice(-4),
    policyId,
    supportPhone: portalEnv.SUPPORT_PHONE,
  })
  return { ...buildPaymentPayload(v, { policyId, emailOnFile: true, authorizationText }), ...extra }
}

async function call(b: Browser, method: string, path: string, body?: unknown): Promise<Response> {
  return keep(
    await b.fetch(path, {
      method,
      headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  )
}

async function clock(now: string | null) {
  await new Browser().fetch('/__dev/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ now }) })
}

async function enrol(b: Browser, policyId: string, methodId: string) {
  const base = `/v1/homeowners/AutoPay/${policyId}`
  const terms = (await (await call(b, 'GET', `${base}/terms/${methodId}`)).json()) as { text: string; version: string }
  expect((await call(b, 'PUT', base, { methodId, accepted: true, termsText: terms.text, termsVersion: terms.version })).status).toBe(200)
}

describe('no full card or account number at rest, in logs or in answers after saved methods and automatic payments', () => {
  it('keeps only tokens, brands and last fours', async () => {
    const { lines } = await captureLogs(async () => {
      const home = await policyOf('HOM4010001')
      const moved = Date.parse(`${home.dueDate}T12:00:00Z`) - 10 * DAY
      await clock(new Date(moved).toISOString())
      portalToday = localDate(moved, home.state)
      const maria = await withPolicy('HOM4010001')
      const save = { saveMethod: { consent: true, version: SAVE_CONSENT_VERSION, nickname: 'Mine' } }
      const paid = await call(maria, 'POST', makePaymentPath('homeowners', 'HOM4010001'), payload('HOM4010001', '10.00', { cardNumber: VISA }, save))
      expect(paid.status).toBe(200)
      const bankPaid = await call(
        maria,
        'POST',
        makePaymentPath('homeowners', 'HOM4010001'),
        payload(
          'HOM4010001',
          '10.00',
          { type: 'check', cardNumber: '', routingNumber: '021000021', accountNumber: ACCOUNT_TYPED, checkNumber: '1001', authorizeDebit: true },
          save,
        ),
      )
      expect(bankPaid.status).toBe(200)
      const added = await call(maria, 'POST', '/v1/profile/PaymentMethods', {
        kind: 'bank',
        routingNumber: '021000021',
        accountNumber: ACCOUNT_API,
        billingName: 'Maria',
        consent: { accepted: true, version: SAVE_CONSENT_VERSION },
      })
      expect(added.status).toBe(200)
      const methods = ((await (await call(maria, 'GET', '/v1/profile/PaymentMethods')).json()) as { methods: SavedMethodView[] }).methods
      expect(methods.map((m) => m.last4).sort()).toEqual([VISA.slice(-4), ACCOUNT_TYPED.slice(-4), ACCOUNT_API.slice(-4)].sort())
      const visa = methods.find((m) => m.kind === 'card')!
      expect(
        (await call(maria, 'POST', makePaymentPath('homeowners', 'HOM4010001'), payload('HOM4010001', '10.00', { cardNumber: '' }, { savedMethodId: visa.id })))
          .status,
      ).toBe(200)
      await enrol(maria, 'HOM4010001', visa.id)

      const erin = await withPolicy('HOM4040001')
      for (const cardNumber of [MASTERCARD, DECLINED]) {
        const res = await call(erin, 'POST', '/v1/profile/PaymentMethods', {
          kind: 'card',
          cardNumber,
          expMonth: 12,
          expYear: 2099,
          cvv: '123',
          billingName: 'Erin',
          zipCode: '30305',
          consent: { accepted: true, version: SAVE_CONSENT_VERSION },
        })
        expect(res.status).toBe(200)
      }
      const erinMethods = ((await (await call(erin, 'GET', '/v1/profile/PaymentMethods')).json()) as { methods: SavedMethodView[] }).methods
      await enrol(erin, 'HOM4040001', erinMethods.find((m) => m.last4 === DECLINED.slice(-4))!.id)

      for (const id of ['HOM4010001', 'HOM4040001']) {
        const p = await policyOf(id)
        await runScheduledWork(portalEnv as Env, Date.parse(`${p.dueDate}T17:00:00Z`))
      }
      for (const path of ['/payment-methods', '/make-payment', '/automatic-payments', '/policy-information', '/payment-history'])
        await keep(await maria.fetch(path))
      await keep(await erin.fetch('/automatic-payments'))
      await keep(await new Browser().fetch('/__dev/payments/charges'))
      await clock(null)
    })

    const drafts = await env.DB.prepare('SELECT status FROM payments WHERE autopay_due_date IS NOT NULL ORDER BY policy_id').all<{ status: string }>()
    expect(drafts.results.map((r) => r.status).sort()).toEqual(['approved', 'declined'])
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM saved_payment_methods').first()).toEqual({ n: 5 })

    const stored = digitsOf(await everythingStored())
    const logged = digitsOf(lines.join('\n'))
    const shown = digitsOf(answers.join('\n'))
    for (const secret of SECRETS) {
      expect(stored, `${secret.slice(-4)} at rest`).not.toContain(secret)
      expect(logged, `${secret.slice(-4)} in a log`).not.toContain(secret)
      expect(shown, `${secret.slice(-4)} in an answer`).not.toContain(secret)
    }
    const tokens = await env.DB.prepare('SELECT token FROM saved_payment_methods').all<{ token: string }>()
    // The scan sees what the journeys kept: the tokens (here only, never shown) and the sandbox's charges.
    expect(await everythingStored()).toContain(tokens.results[0]!.token)
    expect(await everythingStored()).toContain('dev:payments:method:')
    for (const { token } of tokens.results) {
      expect(answers.join('\n')).not.toContain(token)
      expect(lines.join('\n')).not.toContain(token)
    }
    // A whole journey (about 4 s on a quiet machine): the default 5 s is a clock, not an assertion.
  }, 60_000)
})
