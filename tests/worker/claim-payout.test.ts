import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, bearer, ORIGIN, persona, seed } from './helpers'
import { mainOf, ownerOf, text, withPolicy } from './servicing-helpers'
import { captureLogs, portalEnv, routeOutbound, standInFetch } from './sso-support'
import { ERIN_FLOOD, SAM_HOME } from './claims-fixtures'
import { drainClaimNotices, reportHomeownersClaim, resetClaimsSystem, STAND_IN } from './claims-system-support'
import { pushEvent, seedClaim } from './claim-page-support'
import { ageSessions } from './stronger-sign-in-support'
import { drainOutbox } from '../../worker/services/outbox/outbox'
import { everythingStored, onlyDigits } from '../security/stored-everything'
import { PAYMENT_MSG } from '../../shared/payments/messages'
import { PROBLEM_TYPES } from '../../shared/api/problem'
import { PAYOUT_ACCOUNT_RULE } from '../../worker/services/claims/claim-payout'
import { RATE_RULES } from '../../worker/middleware/rate-rules'

/**
 * Issue 33 item 1 (decision 210): how a claim is paid. A bank account is tokenized by the processor's
 * payouts API (the sandbox) and only its token, bank and last four are kept; the choice reaches the
 * claims system's payment instructions once, through the 'claim-payout' outbox channel; payment.issued
 * and payment.status events show a payment's method and status however they arrive.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:claim-payout%'").run()
  await env.DB.prepare("UPDATE outbox SET status = 'delivered' WHERE channel = 'claim-payout' AND status IN ('pending', 'leased')").run()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const ROUTING = '021000021' // JPMorgan Chase in the sandbox
/** A 13-digit account number no seed or fixture holds: looked for everywhere afterwards. */
const ACCOUNT = '7315594028163'
const url = (claimNumber: string, policyId = SAM_HOME, family = 'homeowners') => `/v1/${family}/ClaimPayout/${policyId}?claimNumber=${claimNumber}`
const deposit = (account = ACCOUNT, routing = ROUTING) => ({ method: 'deposit', routingNumber: routing, accountNumber: account, accountHolder: 'Sam Okafor' })
const check = { method: 'check', payee: 'Sam Okafor', address1: '1200 Barton Springs Road', address2: 'Unit 4', city: 'Austin', state: 'TX', zipCode: '78704' }

function put(auth: Record<string, string>, claimNumber: string, body: unknown, policyId = SAM_HOME): Promise<Response> {
  return api(url(claimNumber, policyId), {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json', Origin: ORIGIN, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(body),
  })
}

const drainPayouts = (now: number) => drainOutbox(portalEnv, { channels: ['claim-payout'], now })

async function instructionsOf(claimNumber: string): Promise<Record<string, unknown>[]> {
  const res = await standInFetch(`${STAND_IN}/claims/${claimNumber}/payment-instructions`)
  return ((await res.json()) as { instructions: Record<string, unknown>[] }).instructions
}

async function sandboxPayoutAccounts(): Promise<{ token: string; last4: string }[]> {
  const res = await standInFetch(`${portalEnv.PAYMENT_API_URL}/payouts/accounts`)
  return ((await res.json()) as { accounts: { token: string; last4: string }[] }).accounts
}

/** A claim of sam's filed with the stand-in claims system (so its instructions can be read there). */
async function filedClaim(): Promise<string> {
  const claimNumber = await reportHomeownersClaim()
  expect(await drainClaimNotices(Date.now() + 1000)).toMatchObject({ delivered: 1 })
  return claimNumber
}

describe('direct deposit', () => {
  it('is tokenized at the processor, kept as token, bank and last four, and reaches the claims system once', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await filedClaim()
    const { result: res, lines } = await captureLogs(() => put(auth, claimNumber, deposit()))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ choice: { method: 'deposit', bankName: 'JPMorgan Chase', last4: '8163' } })

    const { lines: drainLines } = await captureLogs(() => drainPayouts(Date.now() + 1000))
    const instructions = await instructionsOf(claimNumber)
    expect(instructions).toEqual([
      { method: 'direct-deposit', payoutToken: expect.stringMatching(/^pyt_[a-z]+$/), bankName: 'JPMorgan Chase', last4: '8163', version: 1 },
    ])
    const row = await env.DB.prepare('SELECT payout_token, sent_version FROM claim_payout_choices WHERE claim_number = ?')
      .bind(claimNumber)
      .first<{ payout_token: string; sent_version: number }>()
    expect(row).toEqual({ payout_token: instructions[0]!.payoutToken, sent_version: 1 })

    // No full account number in D1 (the outbox and the idempotency answers included), KV (the sandbox's
    // own store), R2 or the logs.
    expect(onlyDigits(await everythingStored())).not.toContain(ACCOUNT)
    expect(onlyDigits([...lines, ...drainLines].join('\n'))).not.toContain(ACCOUNT)
    const read = await api(url(claimNumber), { headers: auth })
    expect(await read.json()).toEqual({ choice: { method: 'deposit', bankName: 'JPMorgan Chase', last4: '8163' } })
  })

  it('a routing number Make a Payment refuses is refused with its words, before the processor is called', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const before = (await sandboxPayoutAccounts()).length
    for (const routing of ['021000022', '001000003', '12345']) {
      const res = await put(auth, claimNumber, deposit(ACCOUNT, routing))
      expect(res.status).toBe(400)
      expect(((await res.json()) as { errors: Record<string, string> }).errors.routingNumber).toBe(PAYMENT_MSG.routingInvalid)
    }
    expect(await sandboxPayoutAccounts()).toHaveLength(before)
    expect(await env.DB.prepare('SELECT 1 FROM claim_payout_choices WHERE claim_number = ?').bind(claimNumber).first()).toBeNull()
  })

  it('needs a recent sign-in: a session proved 11 minutes ago gets the step-up problem and changes nothing', async () => {
    const sam = persona('direct.single')
    const auth = await bearer('direct.single')
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    await ageSessions(sam, 11)
    const res = await put(auth, claimNumber, deposit())
    expect(res.status).toBe(403)
    expect(((await res.json()) as { type: string }).type).toBe(PROBLEM_TYPES.stepUpNeeded)
    expect(await env.DB.prepare('SELECT 1 FROM claim_payout_choices WHERE claim_number = ?').bind(claimNumber).first()).toBeNull()
  })

  it('counts bank accounts against the limit before the processor is called: a burst meets it exactly', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const before = (await sandboxPayoutAccounts()).length
    const accounts = Array.from({ length: PAYOUT_ACCOUNT_RULE.limit + 3 }, (_, i) => `55501234${String(i).padStart(4, '0')}`)
    const answers = await Promise.all(accounts.map((a) => put(auth, claimNumber, deposit(a))))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(PAYOUT_ACCOUNT_RULE.limit)
    expect(statuses.filter((s) => s === 429)).toHaveLength(3)
    expect(answers.find((r) => r.status === 429)!.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await sandboxPayoutAccounts()).length - before).toBe(PAYOUT_ACCOUNT_RULE.limit)
  })

  it('counts every choice, a check too, before anything is stored: a burst of changes meets the limit exactly', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const limit = RATE_RULES.claimPayout.perAccount.limit
    const answers = await Promise.all(Array.from({ length: limit + 3 }, (_, i) => put(auth, claimNumber, { ...check, address2: `Unit ${i + 1}` })))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit)
    expect(statuses.filter((s) => s === 429)).toHaveLength(3)
    const queued = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'claim-payout' AND dedupe_key LIKE ?")
      .bind(`claim-payout:${claimNumber}:%`)
      .first<{ n: number }>()
    expect(queued!.n).toBeLessThanOrEqual(limit)
  })
})

describe('the choice reaches the claims system', () => {
  it('once, when the same choice is sent five times at once; a changed choice is a new instruction', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await filedClaim()
    const answers = await Promise.all(Array.from({ length: 5 }, () => put(auth, claimNumber, check)))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const queued = await env.DB.prepare("SELECT dedupe_key FROM outbox WHERE channel = 'claim-payout' AND dedupe_key LIKE ?")
      .bind(`claim-payout:${claimNumber}:%`)
      .all()
    expect(queued.results).toEqual([{ dedupe_key: `claim-payout:${claimNumber}:1` }])
    // Two drains at once deliver it once.
    await Promise.all([drainPayouts(Date.now() + 1000), drainPayouts(Date.now() + 1000)])
    expect(await instructionsOf(claimNumber)).toEqual([
      {
        method: 'check',
        payee: 'Sam Okafor',
        address: { address1: '1200 Barton Springs Road', address2: 'Unit 4', city: 'Austin', state: 'TX', zipCode: '78704' },
        version: 1,
      },
    ])
    expect((await put(auth, claimNumber, deposit())).status).toBe(200)
    await drainPayouts(Date.now() + 2000)
    const all = await instructionsOf(claimNumber)
    expect(all.map((i) => [i.method, i.version])).toEqual([
      ['check', 1],
      ['direct-deposit', 2],
    ])
  })

  it('waits for its claim to be filed, and is brought forward when it is', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await reportHomeownersClaim()
    expect((await put(auth, claimNumber, check)).status).toBe(200)
    // The page's own drain (or this one) found the claim not filed yet: nothing reached the claims system.
    await drainPayouts(Date.now() + 1000)
    expect(await env.DB.prepare('SELECT status FROM outbox WHERE dedupe_key = ?').bind(`claim-payout:${claimNumber}:1`).first()).toEqual({ status: 'pending' })
    const filedAt = Date.now() + 2000
    expect(await drainClaimNotices(filedAt)).toMatchObject({ delivered: 1 })
    // Filing the claim brought the waiting instruction forward: due now, not after its backoff.
    expect(await drainPayouts(filedAt + 1)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await instructionsOf(claimNumber)).toHaveLength(1)
  })
})

describe("another person's claim", () => {
  it('is a 404 like a missing one, to the API and the page', async () => {
    const auth = await bearer('direct.single')
    const erinsClaim = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood' })
    expect((await put(auth, erinsClaim, check)).status).toBe(404)
    expect((await api(url(erinsClaim), { headers: auth })).status).toBe(404)
    const b = await withPolicy(SAM_HOME)
    const res = await b.form(`/claims-history/payout?claim=${erinsClaim}`, check)
    expect(res.status).toBe(404)
    expect(await env.DB.prepare('SELECT 1 FROM claim_payout_choices WHERE claim_number = ?').bind(erinsClaim).first()).toBeNull()
  })
})

describe('the claim page form, without script', () => {
  const formOf = async (b: Awaited<ReturnType<typeof withPolicy>>, claimNumber: string) => {
    const html = await (await b.fetch(`/claims-history/${claimNumber}`)).text()
    const form = /<form[^>]*action="([^"]*payout[^"]*)"[\s\S]*?<\/form>/.exec(html)!
    const token = /name="_once" value="([^"]+)"/.exec(form[0])?.[1]
    return { action: form[1]!.replace(/&amp;/g, '&'), token: token!, html }
  }

  it('starts at the mailing address, saves a check, and says so; a bad ZIP code is told beside its field', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const b = await withPolicy(SAM_HOME)
    const { action, token, html } = await formOf(b, claimNumber)
    expect(action).toBe(`/claims-history/payout?claim=${claimNumber}`)
    expect(html).toContain('value="Sam Okafor"')

    const bad = await b.form(action, { _once: token, ...check, zipCode: '7870' })
    expect(bad.status).toBe(400)
    expect(text(await bad.text())).toContain('Enter a 5-digit ZIP code.')

    const res = await b.form(action, { _once: token, ...check })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/claims-history/${claimNumber}?sent=payout`)
    const after = text(mainOf(await (await b.fetch(res.headers.get('Location')!)).text()))
    expect(after).toContain('Saved. The claims team will pay you this way.')
    expect(after).toContain('Check to Sam Okafor, mailed to 1200 Barton Springs Road, Unit 4, Austin, TX 78704')
  })

  it('a deposit refused for its routing number never shows the account number again', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const b = await withPolicy(SAM_HOME)
    const { action, token } = await formOf(b, claimNumber)
    const res = await b.form(action, { _once: token, method: 'deposit', routingNumber: '021000022', accountNumber: ACCOUNT, accountHolder: 'Sam Okafor' })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(text(html)).toContain(PAYMENT_MSG.routingInvalid)
    expect(html).not.toContain(ACCOUNT)
  })

  it('a session proved long ago is sent to Confirm It Is You, which brings it back to the form', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const b = await withPolicy(SAM_HOME)
    const { action, token } = await formOf(b, claimNumber)
    await ageSessions(ownerOf(SAM_HOME), 11)
    const res = await b.form(action, { _once: token, ...check })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(`/manage-profile/confirm?next=claim-payout&claim=${claimNumber}`)
    const back = await b.fetch(`/claims-history/payout?claim=${claimNumber}`)
    expect(back.headers.get('Location')).toBe(`/claims-history/${claimNumber}#payout`)
    expect(await env.DB.prepare('SELECT 1 FROM claim_payout_choices WHERE claim_number = ?').bind(claimNumber).first()).toBeNull()
    await env.DB.prepare('UPDATE sessions SET verified_at = ?').bind(Date.now()).run()
  })
})

describe('payment events', () => {
  it('a payment.issued then payment.status shows method and status; duplicates and late events cannot move it back', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const issued = { amountCents: 1_250_00, method: 'ach', paymentId: 'pay-1', status: 'issued' }
    // The later status arrives first, then the payment, then the payment again, then a stale 'issued'.
    expect(await pushEvent(claimNumber, 2, 'payment.status', { paymentId: 'pay-1', status: 'deposited' }, { id: 'evt-dep' })).toBe(200)
    expect(await pushEvent(claimNumber, 1, 'payment.issued', issued, { id: 'evt-iss' })).toBe(200)
    expect(await pushEvent(claimNumber, 1, 'payment.issued', issued, { id: 'evt-iss' })).toBe(200)
    expect(await pushEvent(claimNumber, 3, 'payment.status', { paymentId: 'pay-1', status: 'issued' }, { id: 'evt-late' })).toBe(200)
    const b = await withPolicy(SAM_HOME)
    const main = text(mainOf(await (await b.fetch(`/claims-history/${claimNumber}`)).text()))
    expect(main).toMatch(/\$1,250\.00 by direct deposit\. Status: Deposited in your account/)
    expect(main.match(/\$1,250\.00 by direct deposit\. Status/g)).toHaveLength(1)
    const history = text(mainOf(await (await b.fetch('/claims-history')).text()))
    expect(history).toContain('Direct deposit: Deposited in your account')
  })

  it('an unknown status is refused whole', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    expect(await pushEvent(claimNumber, 1, 'payment.status', { paymentId: 'pay-1', status: 'lost' })).toBe(400)
  })

  it('a check made out also to the mortgage company names it, what it needs and how to reach it', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const data = { amountCents: 62_000_00, method: 'check', paymentId: 'pay-9', status: 'check-mailed', payableTo: ['Texas Capital Mortgage'] }
    expect(await pushEvent(claimNumber, 1, 'payment.issued', data)).toBe(200)
    const b = await withPolicy(SAM_HOME)
    const main = text(mainOf(await (await b.fetch(`/claims-history/${claimNumber}`)).text()))
    expect(main).toContain('Status: Check mailed')
    expect(main).toMatch(/Made out to you and Texas Capital Mortgage ?\./)
    expect(main).toContain('What Texas Capital Mortgage needs before releasing the money')
    expect(main).toContain('Endorse (sign) the check')
    expect(main).toContain('releases the money in stages')
    expect(main).toContain('loan number TCM-5521907')
    expect(main).toContain('2000 McKinney Avenue')
  })
})
