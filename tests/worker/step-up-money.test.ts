import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { exports } from 'cloudflare:workers'
import { Browser, ORIGIN, seed, type Persona } from './helpers'
import { ownerOf, text } from './servicing-helpers'
import { call, freshIp, loginToken, type TokenBody } from './profile-helpers'
import { ageSessions, newestCode } from './stronger-sign-in-support'
import { routeOutbound } from './sso-support'
import { cardFormValues } from './payment-fixtures'
import { JSON_HEADER } from '../../shared/site-request'
import { PROBLEM_TYPES } from '../../shared/api/problem'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import { SAVE_CONSENT_VERSION, SAVE_NEEDS_STEP_UP, type SavedMethodView } from '../../shared/payments/saved-methods'

/**
 * Issue 31 item 2 (decision 202): the money-destination changes need the step-up that password and
 * email changes need (decision 180). Each is tried from a session whose person last proved it 11
 * minutes ago (sessions.verified_at moved back: the step-up window is 10 minutes of the system clock):
 * /v1 answers the 403 step-up problem and changes nothing; a page sends the person to Confirm It Is You
 * and, once the mailed code is right, back to where they finish the change. A session just signed in
 * goes straight through.
 */
beforeAll(() => seed(), 120_000)
let outbound: ReturnType<typeof routeOutbound>
beforeEach(() => {
  outbound = routeOutbound()
})
afterEach(async () => {
  vi.unstubAllGlobals()
  // Each test mails codes; the per-account limit of 5 in 15 minutes is tested on its own (decision 179).
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'code-%'").run()
})

const worker = (path: string, init: RequestInit) =>
  (exports as unknown as { default: { fetch: (url: string, init: RequestInit) => Promise<Response> } }).default.fetch(`${ORIGIN}${path}`, init)

const HOME = 'HOM4010001' // maria: three policies, a balance due
const CASEY_POLICY = 'COM4050003' // casey: twelve policies
const maria = () => ownerOf(HOME)
const casey = () => ownerOf(CASEY_POLICY)
const PROVED_LONG_AGO_MINUTES = 11

const consent = { accepted: true, version: SAVE_CONSENT_VERSION }
const card = (cardNumber: string) => {
  const cvv = cardNumber.startsWith('37') ? '1234' : '123'
  return { kind: 'card', cardNumber, expMonth: 7, expYear: 2099, cvv, billingName: 'Maria Multi', zipCode: '30305', consent }
}

async function expectStepUpProblem(res: Response): Promise<void> {
  expect(res.status).toBe(403)
  const body = (await res.json()) as { type: string; errorMessage: string }
  expect(body.type).toBe(PROBLEM_TYPES.stepUpNeeded)
  expect(body.errorMessage).toContain('POST /v1/profile/step-up')
}

/** The API's step-up: a code mailed to the profile's address, sent back. */
async function stepUpByApi(p: Persona, token: string): Promise<void> {
  expect((await call('POST', '/v1/profile/step-up/code', undefined, token)).status).toBe(204)
  expect((await call('POST', '/v1/profile/step-up', { code: await newestCode(p) }, token)).status).toBe(204)
}

/** A browser signed in just now with the policy open (its own session: no other test's step-up counts). */
async function signedIn(policyId: string): Promise<Browser> {
  const b = new Browser()
  expect((await b.login(ownerOf(policyId))).status).toBe(303)
  expect((await b.form('/account-home', { policyId })).status).toBe(303)
  return b
}

/** The page's step-up: Confirm It Is You at `confirmAt`, a mailed code; answers where it sends the person back. */
async function confirmOnPage(b: Browser, p: Persona, confirmAt: string): Promise<string | null> {
  const page = await b.fetch(confirmAt)
  expect(page.status).toBe(200)
  expect(text(await page.text())).toContain('Confirm It Is You')
  await b.form(confirmAt, { intent: 'send' })
  const confirmed = await b.form(confirmAt, { intent: 'code', code: await newestCode(p) })
  expect(confirmed.status).toBe(303)
  return confirmed.headers.get('Location')
}

async function savedMethods(token: string): Promise<SavedMethodView[]> {
  const res = await call('GET', '/v1/profile/PaymentMethods', undefined, token)
  return ((await res.json()) as { methods: SavedMethodView[] }).methods
}

const methodCallsToProcessor = () => outbound.calls.filter((c) => new URL(c.url).pathname.endsWith('/methods') && c.method === 'POST')

async function autopayTerms(token: string, policyId: string, methodId: string): Promise<{ text: string; version: string }> {
  const res = await call('GET', `/v1/homeowners/AutoPay/${policyId}/terms/${methodId}`, undefined, token)
  expect(res.status).toBe(200)
  return (await res.json()) as { text: string; version: string }
}

async function activeEnrolments(policyId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM autopay_enrolments WHERE policy_id = ? AND status = 'active'")
    .bind(policyId)
    .first<{ n: number }>()
  return row!.n
}

describe('/v1 from a session proved more than 10 minutes ago: 403 step-up, nothing changed; the same request goes through after POST /v1/profile/step-up', () => {
  it('POST /v1/profile/PaymentMethods: nothing reaches the processor, then the same Idempotency-Key saves the card', async () => {
    const login = await loginToken(maria().userName, maria().password)
    const before = (await savedMethods(login.accountToken)).length
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)
    const key = crypto.randomUUID()
    const add = () => api('POST', '/v1/profile/PaymentMethods', card('5555555555554444'), login.accountToken, { 'Idempotency-Key': key })
    await expectStepUpProblem(await add())
    expect(methodCallsToProcessor()).toEqual([])
    expect(await savedMethods(login.accountToken)).toHaveLength(before)

    await stepUpByApi(maria(), login.accountToken)
    const saved = await add()
    expect(saved.status).toBe(200)
    expect(methodCallsToProcessor()).toHaveLength(1)
    expect(await savedMethods(login.accountToken)).toHaveLength(before + 1)
  })

  it('PATCH /v1/profile/PaymentMethods/{id} making it the default (a rename sent with it waits too); a rename alone goes through', async () => {
    const login = await loginToken(maria().userName, maria().password)
    const added = await api('POST', '/v1/profile/PaymentMethods', card('378282246310005'), login.accountToken)
    expect(added.status).toBe(200)
    const { method } = (await added.json()) as { method: SavedMethodView }
    const defaultBefore = (await savedMethods(login.accountToken)).find((m) => m.isDefault)?.id
    expect(defaultBefore).not.toBe(method.id)
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)

    await expectStepUpProblem(await api('PATCH', `/v1/profile/PaymentMethods/${method.id}`, { isDefault: true }, login.accountToken))
    await expectStepUpProblem(await api('PATCH', `/v1/profile/PaymentMethods/${method.id}`, { nickname: 'Green', isDefault: true }, login.accountToken))
    const after = await savedMethods(login.accountToken)
    expect(after.find((m) => m.isDefault)?.id).toBe(defaultBefore)
    expect(after.find((m) => m.id === method.id)?.nickname).not.toBe('Green')
    expect((await api('PATCH', `/v1/profile/PaymentMethods/${method.id}`, { nickname: 'Amex' }, login.accountToken)).status).toBe(200)

    await stepUpByApi(maria(), login.accountToken)
    expect((await api('PATCH', `/v1/profile/PaymentMethods/${method.id}`, { isDefault: true }, login.accountToken)).status).toBe(200)
    expect((await savedMethods(login.accountToken)).find((m) => m.isDefault)?.id).toBe(method.id)
  })

  it('PUT /v1/{family}/AutoPay/{policy}: no enrolment, no mail; stopping them needs no step-up', async () => {
    const login = await loginToken(maria().userName, maria().password)
    const added = await api('POST', '/v1/profile/PaymentMethods', card('4111111111111111'), login.accountToken)
    const { method } = (await added.json()) as { method: SavedMethodView }
    const terms = await autopayTerms(login.accountToken, HOME, method.id)
    const enrol = { methodId: method.id, accepted: true, termsText: terms.text, termsVersion: terms.version }
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)

    await expectStepUpProblem(await api('PUT', `/v1/homeowners/AutoPay/${HOME}`, enrol, login.accountToken))
    expect(await activeEnrolments(HOME)).toBe(0)

    await stepUpByApi(maria(), login.accountToken)
    expect((await api('PUT', `/v1/homeowners/AutoPay/${HOME}`, enrol, login.accountToken)).status).toBe(200)
    expect(await activeEnrolments(HOME)).toBe(1)
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)
    expect((await api('DELETE', `/v1/homeowners/AutoPay/${HOME}`, undefined, login.accountToken)).status).toBe(200)
    expect(await activeEnrolments(HOME)).toBe(0)
  })

  it('DELETE /v1/profile/policy: the policy stays linked', async () => {
    const login = await loginToken(casey().userName, casey().password)
    const target = 'RNT4050007'
    await ageSessions(casey(), PROVED_LONG_AGO_MINUTES)
    const unlink = () => api('DELETE', '/v1/profile/policy', { ProfileId: login.profile.profileId, PolicyID: target }, login.accountToken)
    await expectStepUpProblem(await unlink())
    expect(await linkedPolicies(casey())).toContain(target)

    await stepUpByApi(casey(), login.accountToken)
    const unlinked = await unlink()
    expect(unlinked.status).toBe(200)
    expect(((await unlinked.json()) as TokenBody).profile.policies.map((p) => p.policyId)).not.toContain(target)
  })

  it('PUT /v1/profile with a new user name (as with a new email address); the name and address as they are, or the name in other case, need none', async () => {
    const login = await loginToken(maria().userName, maria().password)
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)
    const put = (userName: string) =>
      api('PUT', '/v1/profile', { ProfileId: login.profile.profileId, UserName: userName, EmailAddress: maria().email }, login.accountToken)
    await expectStepUpProblem(await put('maria.renamed'))
    expect(await userNameOf(login.profile.profileId)).toBe(maria().userName)
    expect((await put(maria().userName)).status).toBe(200)
    expect((await put(maria().userName.toUpperCase())).status).toBe(200)

    await stepUpByApi(maria(), login.accountToken)
    expect((await put('maria.renamed')).status).toBe(200)
    expect(await userNameOf(login.profile.profileId)).toBe('maria.renamed')
    expect((await put(maria().userName)).status).toBe(200)
  })
})

describe('pages from a session proved more than 10 minutes ago: Confirm It Is You first, then back to finish', () => {
  it('Payment Methods, Make default: to Confirm It Is You and back to Payment Methods; then it is the default', async () => {
    const b = await signedIn(HOME)
    const login = await loginToken(maria().userName, maria().password)
    const added = await api('POST', '/v1/profile/PaymentMethods', card('6011111111111117'), login.accountToken)
    const { method } = (await added.json()) as { method: SavedMethodView }
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)

    const asked = await b.form('/payment-methods', { methodId: method.id, action: 'default' })
    expect(asked.status).toBe(303)
    expect(asked.headers.get('Location')).toBe('/manage-profile/confirm?next=payment-methods')
    expect((await savedMethods(login.accountToken)).find((m) => m.id === method.id)?.isDefault).toBe(false)
    // A rename is not a money-destination change: it needs nothing.
    expect((await b.form('/payment-methods', { methodId: method.id, action: 'rename', nickname: 'Discover' })).headers.get('Location')).toBe(
      '/payment-methods?done=renamed',
    )

    expect(await confirmOnPage(b, maria(), '/manage-profile/confirm?next=payment-methods')).toBe('/payment-methods')
    const done = await b.form('/payment-methods', { methodId: method.id, action: 'default' })
    expect(done.headers.get('Location')).toBe('/payment-methods?done=default')
    expect((await savedMethods(login.accountToken)).find((m) => m.id === method.id)?.isDefault).toBe(true)
  })

  it('Automatic Payments, Turn on: to Confirm It Is You and back to the terms of the method chosen; then they are on', async () => {
    const b = await signedIn(HOME)
    const login = await loginToken(maria().userName, maria().password)
    const added = await api('POST', '/v1/profile/PaymentMethods', card('4012888888881881'), login.accountToken)
    const { method } = (await added.json()) as { method: SavedMethodView }
    const terms = await autopayTerms(login.accountToken, HOME, method.id)
    const form = { intent: 'enrol', methodId: method.id, termsText: terms.text, termsVersion: terms.version, accepted: 'yes' }
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)

    const asked = await b.form('/automatic-payments', form)
    const confirmAt = `/manage-profile/confirm?next=autopay&method=${method.id}`
    expect(asked.headers.get('Location')).toBe(confirmAt)
    expect(await activeEnrolments(HOME)).toBe(0)

    const back = await confirmOnPage(b, maria(), confirmAt)
    expect(back).toBe(`/automatic-payments?method=${method.id}`)
    expect(text(await (await b.fetch(back!)).text())).toContain('I agree to these terms')
    expect((await b.form('/automatic-payments', form)).headers.get('Location')).toBe('/automatic-payments?done=on')
    expect(await activeEnrolments(HOME)).toBe(1)
    expect((await b.form('/automatic-payments', { intent: 'stop' })).headers.get('Location')).toBe('/automatic-payments?done=off')
  })

  it("Your Policies, Remove (the modal's Yes or the no-script page's): to Confirm It Is You and back to the confirmation page; then Yes removes", async () => {
    const b = new Browser()
    expect((await b.login(casey())).status).toBe(303)
    const target = 'UMB4050010'
    await ageSessions(casey(), PROVED_LONG_AGO_MINUTES)

    const asked = await b.form('/manage-policies/remove', { policyId: target })
    const confirmAt = `/manage-profile/confirm?next=remove-policy&policyId=${target}`
    expect(asked.headers.get('Location')).toBe(confirmAt)
    expect(await linkedPolicies(casey())).toContain(target)

    const back = await confirmOnPage(b, casey(), confirmAt)
    expect(back).toBe(`/manage-policies/remove?policyId=${target}`)
    expect(text(await (await b.fetch(back!)).text())).toContain('Are you sure you want to remove this policy?')
    expect((await b.form('/manage-policies/remove', { policyId: target })).headers.get('Location')).toBe('/manage-policies')
    expect(await linkedPolicies(casey())).not.toContain(target)
  })

  it('Your Profile, a new user name: to Confirm It Is You and back; saving the profile unchanged needs nothing', async () => {
    const b = new Browser()
    expect((await b.login(maria())).status).toBe(303)
    const profileId = await profileIdOf(maria())
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)
    const save = (userName: string) => b.form('/manage-profile', { intent: 'profile', userName, emailAddress: maria().email, currentPasswordForEmail: '' })

    expect((await save('maria.page')).headers.get('Location')).toBe('/manage-profile/confirm?next=profile')
    expect(await userNameOf(profileId)).toBe(maria().userName)
    expect((await save(maria().userName)).headers.get('Location')).toBe('/manage-profile?saved=1')

    expect(await confirmOnPage(b, maria(), '/manage-profile/confirm?next=profile')).toBe('/manage-profile')
    expect((await save('maria.page')).headers.get('Location')).toBe('/manage-profile?saved=1')
    expect(await userNameOf(profileId)).toBe('maria.page')
    expect((await save(maria().userName)).headers.get('Location')).toBe('/manage-profile?saved=1')
  })
})

describe("Make a Payment with 'save' from a session proved long ago: the payment is made, saving waits for the step-up", () => {
  it('offers Confirm it is you instead of the box; a payment that asks to save anyway is made and the card is not saved', async () => {
    const b = await signedIn(HOME)
    expect(await paymentProps(b)).toMatchObject({ canSave: true })
    expect((await paymentProps(b)).confirmToSaveUrl).toBeUndefined()
    await ageSessions(maria(), PROVED_LONG_AGO_MINUTES)
    expect(await paymentProps(b)).toMatchObject({ canSave: false, confirmToSaveUrl: '/manage-profile/confirm?next=make-payment' })

    const login = await loginToken(maria().userName, maria().password)
    const before = (await savedMethods(login.accountToken)).length
    const paid = await pay(b, '20.00', '5555555555554444')
    expect(paid.status).toBe(200)
    const message = text(await (await b.fetch('/system-message')).text())
    expect(message).toContain('was approved')
    expect(message).toContain(`Your payment method was not saved: ${SAVE_NEEDS_STEP_UP.after}`)
    expect(methodCallsToProcessor()).toEqual([])
    expect(await savedMethods(login.accountToken)).toHaveLength(before)

    expect(await confirmOnPage(b, maria(), '/manage-profile/confirm?next=make-payment')).toBe('/make-payment')
    expect(await paymentProps(b)).toMatchObject({ canSave: true })
    expect((await pay(b, '21.00', '5555555555554444')).status).toBe(200)
    expect(text(await (await b.fetch('/system-message')).text())).toContain('Your Mastercard ending in 4444 is saved for your next payment.')
    expect(await savedMethods(login.accountToken)).toHaveLength(before + 1)
  })
})

describe('a session signed in just now goes straight through', () => {
  it('saves, makes the default, turns automatic payments on, renames the user and unlinks a policy without a step-up', async () => {
    const login = await loginToken(casey().userName, casey().password)
    const added = await api('POST', '/v1/profile/PaymentMethods', card('4111111111111111'), login.accountToken)
    expect(added.status).toBe(200)
    const { method } = (await added.json()) as { method: SavedMethodView }
    expect((await api('PATCH', `/v1/profile/PaymentMethods/${method.id}`, { isDefault: true }, login.accountToken)).status).toBe(200)
    const terms = await autopayTerms(login.accountToken, CASEY_POLICY, method.id)
    const enrol = { methodId: method.id, accepted: true, termsText: terms.text, termsVersion: terms.version }
    expect((await api('PUT', `/v1/homeowners/AutoPay/${CASEY_POLICY}`, enrol, login.accountToken)).status).toBe(200)
    const rename = (userName: string) => ({ ProfileId: login.profile.profileId, UserName: userName, EmailAddress: casey().email })
    expect((await api('PUT', '/v1/profile', rename('casey.renamed'), login.accountToken)).status).toBe(200)
    expect((await api('PUT', '/v1/profile', rename(casey().userName), login.accountToken)).status).toBe(200)
    const target = 'NCN4050008'
    expect((await api('DELETE', '/v1/profile/policy', { ProfileId: login.profile.profileId, PolicyID: target }, login.accountToken)).status).toBe(200)
  })
})

/** A /v1 call with the bearer token, from its own address, with any extra headers (an Idempotency-Key). */
function api(method: string, path: string, body: unknown, token: string, headers: Record<string, string> = {}): Promise<Response> {
  return worker(path, {
    method,
    headers: {
      Origin: ORIGIN,
      Authorization: `Bearer ${token}`,
      'CF-Connecting-IP': freshIp(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

/** Pays on HOME in the browser (as the island sends it) by card, asking to save it. */
function pay(b: Browser, amount: string, cardNumber: string): Promise<Response> {
  const payload = buildPaymentPayload(cardFormValues({ amount, cardNumber }), { policyId: HOME, emailOnFile: true, authorizationText: '' })
  return b.fetch(makePaymentPath('homeowners', HOME), {
    method: 'POST',
    headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ ...payload, saveMethod: { consent: true, version: SAVE_CONSENT_VERSION, nickname: '' } }),
  })
}

/** The make-payment island's props on Make a Payment (what the island offers: the box, or the way to confirm). */
async function paymentProps(b: Browser): Promise<{ canSave?: boolean; confirmToSaveUrl?: string }> {
  const html = await (await b.fetch('/make-payment')).text()
  const json = /<script type="application\/json" data-island-props="[^"]+">([^<]*)<\/script>/.exec(html)?.[1]
  expect(json).toBeDefined()
  return JSON.parse(json!) as { canSave?: boolean; confirmToSaveUrl?: string }
}

async function profileIdOf(p: Persona): Promise<string> {
  return (await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(p.userName).first<string>('profile_id'))!
}

async function userNameOf(profileId: string): Promise<string> {
  return (await env.DB.prepare('SELECT user_name FROM profiles WHERE profile_id = ?').bind(profileId).first<string>('user_name'))!
}

async function linkedPolicies(p: Persona): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT policy_id FROM profile_policies WHERE profile_id = ? ORDER BY policy_id')
    .bind(await profileIdOf(p))
    .all<{ policy_id: string }>()
  return results.map((r) => r.policy_id)
}
