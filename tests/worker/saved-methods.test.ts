import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { Browser, seed } from './helpers'
import { withPolicy, text } from './servicing-helpers'
import { portalEnv, routeOutbound, standInFetch } from './sso-support'
import { cardFormValues } from './payment-fixtures'
import { jsonCall } from './payment-support'
import { JSON_HEADER } from '../../shared/site-request'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import { bankAuthorizationText } from '../../shared/payments/authorization'
import { localDate } from '../../shared/clock'
import { SAVE_CONSENT_VERSION, type SavedMethodView } from '../../shared/payments/saved-methods'
import type { PaymentPayload } from '../../shared/payments/schemas/payment-payload'
import type { PaymentFormValues } from '../../shared/payments/schemas/payment'

/**
 * Issue 22 item 1: saved payment methods. A card saved while paying (after the approval, with the
 * consent), paid with again by its id (the processor charges its token), listed, renamed, made the
 * default and removed through /v1/profile/PaymentMethods; a bank account validated before it is kept;
 * another profile's method is invisible. The portal's tables hold the token and what may be shown only.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(() => vi.unstubAllGlobals())

const SANDBOX = portalEnv.PAYMENT_API_URL!
const HOME = 'HOM4010001' // maria
const ERIN = 'HOM4040001' // erin

function payload(policyId: string, amount: string, change: Partial<PaymentFormValues> = {}, extra: Partial<PaymentPayload> = {}): PaymentPayload {
  const v = cardFormValues({ amount, ...change })
  const authorizationText = bankAuthorizationText({
    amountCents: Math.round(Number(amount) * 100),
    date: localDate(Date.now(), 'GA'),
    accountLast4: v.accountNumber.slice(-4),
    policyId,
    supportPhone: portalEnv.SUPPORT_PHONE,
  })
  return { ...buildPaymentPayload(v, { policyId, emailOnFile: true, authorizationText }), ...extra }
}

function pay(b: Browser, policyId: string, body: PaymentPayload): Promise<Response> {
  const family = policyId.startsWith('FLD') ? 'flood' : 'homeowners'
  return b.fetch(makePaymentPath(family, policyId), {
    method: 'POST',
    headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(body),
  })
}

async function methods(b: Browser): Promise<SavedMethodView[]> {
  const res = await b.fetch('/v1/profile/PaymentMethods', { headers: JSON_HEADER })
  expect(res.status).toBe(200)
  return ((await res.json()) as { methods: SavedMethodView[] }).methods
}

const consent = { accepted: true, version: SAVE_CONSENT_VERSION }

describe('a card saved while paying, then paid with by its id', () => {
  it('saves it once the payment is approved, and the next payment charges its token', async () => {
    const b = await withPolicy(HOME)
    const first = await pay(b, HOME, payload(HOME, '20.00', {}, { saveMethod: { consent: true, version: SAVE_CONSENT_VERSION, nickname: 'Everyday Visa' } }))
    expect(first.status).toBe(200)
    expect(text(await (await b.fetch('/system-message')).text())).toContain('Your Visa ending in 1111 is saved for your next payment.')
    const [saved] = await methods(b)
    expect(saved).toMatchObject({ kind: 'card', brand: 'Visa', last4: '1111', expMonth: 7, expYear: 2099, nickname: 'Everyday Visa', isDefault: true })
    expect(JSON.stringify(saved)).not.toContain('tok_')

    const second = await pay(
      b,
      HOME,
      payload(HOME, '15.00', { cardNumber: '', cvv: '', expMonth: '', expYear: '', billingName: '' }, { savedMethodId: saved!.id }),
    )
    expect(second.status).toBe(200)
    expect(await second.text()).toContain('Your payment of $15.00')
    const row = await env.DB.prepare('SELECT * FROM payments WHERE policy_id = ? AND amount_cents = 1500').bind(HOME).first<Record<string, unknown>>()
    expect(row).toMatchObject({ status: 'approved', saved_method_id: saved!.id, brand: 'Visa', last4: '1111', method_kind: 'card' })
    // Issue 35: the receipt mail does not print the method's nickname as the name on the account.
    expect(row).toMatchObject({ payer_name: '' })
    const receipt = await env.DB.prepare(
      "SELECT json_extract(payload, '$.text') AS text FROM outbox WHERE channel = 'mail' AND json_extract(payload, '$.kind') = 'payment-receipt' AND json_extract(payload, '$.text') LIKE ?",
    )
      .bind(`%Confirmation number: ${row!.confirmation_number}%`)
      .first<{ text: string }>()
    expect(receipt!.text).toContain('Payment method: Visa ending in 1111')
    expect(receipt!.text).not.toContain('Name on account')
    const charges = (await (await standInFetch(`${SANDBOX}/charges`)).json()) as { charges: { policyId: string; amountCents: number; last4: string }[] }
    expect(charges.charges.filter((c) => c.policyId === HOME && c.amountCents === 1500)).toEqual([expect.objectContaining({ last4: '1111' })])
  })

  it('does not save without the consent, nor when the payment is declined', async () => {
    const b = await withPolicy(ERIN)
    const before = (await methods(b)).length
    expect((await pay(b, ERIN, payload(ERIN, '10.00', { cardNumber: '5555555555554444' }))).status).toBe(200)
    const declined = await pay(
      b,
      ERIN,
      payload(ERIN, '10.00', { cardNumber: '4000000000000002' }, { saveMethod: { consent: true, version: SAVE_CONSENT_VERSION, nickname: '' } }),
    )
    expect(declined.status).toBe(202)
    expect(await methods(b)).toHaveLength(before)
  })

  it('keeps the default nickname when the one typed is refused (too long), and the payment stands', async () => {
    const b = await withPolicy(ERIN)
    const res = await pay(
      b,
      ERIN,
      payload(
        ERIN,
        '10.00',
        { cardNumber: '378282246310005', cvv: '1234' },
        { saveMethod: { consent: true, version: SAVE_CONSENT_VERSION, nickname: 'n'.repeat(45) } },
      ),
    )
    expect(res.status).toBe(200)
    expect((await methods(b)).find((m) => m.last4 === '0005')).toMatchObject({ nickname: 'American Express 0005' })
  })

  it("refuses another profile's method id like a missing one, and charges nothing", async () => {
    const owner = await withPolicy(HOME)
    const [mine] = await methods(owner)
    const other = await withPolicy('HOM4020001') // sam
    const res = await pay(other, 'HOM4020001', payload('HOM4020001', '10.00', { cardNumber: '' }, { savedMethodId: mine!.id }))
    expect(res.status).toBe(400)
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE policy_id = 'HOM4020001'").first<{ n: number }>()).toEqual({ n: 0 })
  })
})

describe('/v1/profile/PaymentMethods', () => {
  it('adds a bank account after the processor validated it, renames it, makes it the default, removes it', async () => {
    const b = await withPolicy(HOME)
    const add = await jsonCall(b, 'POST', '/v1/profile/PaymentMethods', {
      kind: 'bank',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      billingName: 'Maria Multi',
      nickname: 'Checking',
      consent,
    })
    expect(add.status).toBe(200)
    const { method } = (await add.json()) as { method: SavedMethodView }
    expect(method).toMatchObject({ kind: 'bank', brand: 'JPMorgan Chase', last4: '6789', nickname: 'Checking', expMonth: null })
    const stored = await env.DB.prepare('SELECT bank_validated_at, consent_version, token FROM saved_payment_methods WHERE method_id = ?')
      .bind(method.id)
      .first<{ bank_validated_at: number | null; consent_version: string; token: string }>()
    expect(stored!.bank_validated_at).not.toBeNull()
    expect(stored!.consent_version).toBe(SAVE_CONSENT_VERSION)
    expect(stored!.token).toMatch(/^tok_[a-z]+$/)

    expect((await jsonCall(b, 'PATCH', `/v1/profile/PaymentMethods/${method.id}`, { nickname: 'Joint checking', isDefault: true })).status).toBe(200)
    const list = await methods(b)
    expect(list[0]).toMatchObject({ id: method.id, nickname: 'Joint checking', isDefault: true })
    expect(list.filter((m) => m.isDefault)).toHaveLength(1)

    expect((await jsonCall(b, 'DELETE', `/v1/profile/PaymentMethods/${method.id}`)).status).toBe(204)
    const after = await methods(b)
    expect(after.find((m) => m.id === method.id)).toBeUndefined()
    if (after.length) expect(after.filter((m) => m.isDefault)).toHaveLength(1)
  })

  it('does not keep a bank account its bank cannot confirm', async () => {
    const b = await withPolicy(HOME)
    const before = (await methods(b)).length
    const res = await jsonCall(b, 'POST', '/v1/profile/PaymentMethods', {
      kind: 'bank',
      routingNumber: '021000021',
      accountNumber: '000777777771',
      billingName: 'Maria Multi',
      consent,
    })
    expect(res.status).toBe(202)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toContain('could not confirm')
    expect(await methods(b)).toHaveLength(before)
  })

  it("refuses the routing number 000000000 (it passes the checksum; 00 begins no bank's) before anything reaches the processor", async () => {
    const outbound = routeOutbound()
    const b = await withPolicy(HOME)
    const before = (await methods(b)).length
    const res = await jsonCall(b, 'POST', '/v1/profile/PaymentMethods', {
      kind: 'bank',
      routingNumber: '000000000',
      accountNumber: '000123456789',
      billingName: 'Maria Multi',
      consent,
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ routingNumber: 'Please use a valid Routing Number' })
    expect(outbound.calls.filter((c) => c.url.startsWith(SANDBOX))).toEqual([])
    expect(await methods(b)).toHaveLength(before)
  })

  it("answers 404 for another profile's method and leaves it alone", async () => {
    const owner = await withPolicy(HOME)
    const [mine] = await methods(owner)
    const other = await withPolicy('HOM4020001')
    expect((await jsonCall(other, 'PATCH', `/v1/profile/PaymentMethods/${mine!.id}`, { nickname: 'Mine now' })).status).toBe(404)
    expect((await jsonCall(other, 'DELETE', `/v1/profile/PaymentMethods/${mine!.id}`)).status).toBe(404)
    expect((await methods(owner)).find((m) => m.id === mine!.id)?.nickname).toBe(mine!.nickname)
  })

  it('refuses a card number in the nickname (the card guard), and needs a profile session', async () => {
    const b = await withPolicy(HOME)
    const res = await jsonCall(b, 'POST', '/v1/profile/PaymentMethods', {
      kind: 'card',
      cardNumber: '4111111111111111',
      expMonth: 7,
      expYear: 2099,
      cvv: '123',
      billingName: 'Maria',
      nickname: '5555555555554444',
      consent,
    })
    expect(res.status).toBe(400)
    expect((await new Browser().fetch('/v1/profile/PaymentMethods', { headers: JSON_HEADER })).status).toBe(401)
  })
})

describe('the Payment Methods page (no script needed)', () => {
  it('lists them, renames, makes the default and removes with plain forms', async () => {
    const b = await withPolicy(HOME)
    const add = await jsonCall(b, 'POST', '/v1/profile/PaymentMethods', {
      kind: 'card',
      cardNumber: '378282246310005',
      expMonth: 3,
      expYear: 2098,
      cvv: '1234',
      billingName: 'Maria Multi',
      zipCode: '30305',
      nickname: 'Amex',
      consent,
    })
    expect(add.status).toBe(200)
    const { method } = (await add.json()) as { method: SavedMethodView }
    const html = await (await b.fetch('/payment-methods')).text()
    expect(text(html)).toContain('American Express ending in 0005 · Expires 03/2098')
    expect(html).not.toContain('tok_')

    const renameForm = await (await b.fetch(`/payment-methods?rename=${method.id}`)).text()
    expect(renameForm).toContain('name="nickname"')
    const renamed = await b.form('/payment-methods', { methodId: method.id, action: 'rename', nickname: 'Blue card' })
    expect(renamed.status).toBe(303)
    expect(renamed.headers.get('Location')).toBe('/payment-methods?done=renamed')
    const tooLong = await b.form('/payment-methods', { methodId: method.id, action: 'rename', nickname: 'x'.repeat(41) })
    expect(tooLong.status).toBe(400)
    expect(text(await tooLong.text())).toContain('The nickname can be at most 40 characters.')

    expect((await b.form('/payment-methods', { methodId: method.id, action: 'default' })).status).toBe(303)
    expect((await methods(b)).find((m) => m.id === method.id)).toMatchObject({ nickname: 'Blue card', isDefault: true })

    const confirm = text(await (await b.fetch(`/payment-methods?remove=${method.id}`)).text())
    expect(confirm).toContain('Remove American Express ending in 0005?')
    expect((await b.form('/payment-methods', { methodId: method.id, action: 'remove' })).status).toBe(303)
    expect((await methods(b)).find((m) => m.id === method.id)).toBeUndefined()
  })

  it('offers the saved methods on Make a Payment, never with a token', async () => {
    const b = await withPolicy(HOME)
    const html = await (await b.fetch('/make-payment')).text()
    expect(html).toContain('Use a different card or bank account')
    expect(html).toContain('Everyday Visa')
    expect(html).not.toContain('tok_')
  })
})
