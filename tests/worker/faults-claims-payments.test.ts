import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cardFormValues } from './payment-fixtures'
import { seed } from './helpers'
import { ownerOf } from './servicing-helpers'
import { portalEnv, routeOutbound, standInFetch } from './sso-support'
import { count, failingOn, FaultBrowser, PERMANENT, RETRYABLE } from './faults-support'
import { JSON_HEADER } from '../../shared/site-request'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import type { PaymentPayload } from '../../shared/payments/schemas/payment-payload'
import { forgetClaimRateCounts, homeownersClaim, PNG, SAM_HOME } from './claims-fixtures'
import { MSG } from '../../shared/forms/messages'

/**
 * Issue 14 "Faults" for money and claims through HTTP (decision 144): the real worker with a database
 * whose named write fails as D1 fails (retryable and not). The caller gets 503 with the message, nothing
 * is half-written (no claim, file, outbox row or claim number; no payment row and no charge), and the
 * retry with the same Idempotency-Key has exactly one effect, its repeat a replay.
 */

const STORE = MSG.storeUnavailable
const KINDS = [
  ['retryable', RETRYABLE],
  ['constraint', PERMANENT],
] as const

beforeAll(() => seed(), 120_000)
beforeEach(() => forgetClaimRateCounts())

/** A browser logged in as the policy's owner, the policy open. */
async function openPolicy(policyId: string): Promise<FaultBrowser> {
  const owner = ownerOf(policyId)
  const b = new FaultBrowser()
  expect((await b.form('/', { userName: owner.userName, password: owner.password })).status).toBe(303)
  const open = await b.form('/account-home', { policyId })
  expect(open.status).toBe(303)
  expect(open.headers.get('Location')).not.toBe('/error')
  return b
}

// ---------------------------------------------------------------- claims

/** The island's claim report (decision 169): JSON, the claim and the references of its uploaded files. */
function claimRequest(description: string, key: string, fileIds: string[] = []): RequestInit & { headers: Record<string, string> } {
  const body = JSON.stringify({ claimSubmission: homeownersClaim({ lossDescription: description }), fileIds })
  return { method: 'POST', headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': key }, body }
}

/** One photo uploaded as the island does (ClaimFile, its own request); its fileId. */
async function uploadPhoto(b: FaultBrowser): Promise<string> {
  const res = await b.fetch(`/v1/homeowners/ClaimFile/${SAM_HOME}`, {
    method: 'POST',
    headers: {
      ...JSON_HEADER,
      'Content-Type': 'image/png',
      'Content-Length': String(PNG.byteLength),
      'X-File-Name': 'kitchen.png',
      'Idempotency-Key': `file-${crypto.randomUUID()}`,
    },
    body: PNG,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { fileId: string }).fileId
}

const DRAFT_URL = `/v1/homeowners/ClaimDraft/${SAM_HOME}`
const draftOf = () =>
  env.DB.prepare("SELECT values_json, version FROM claim_drafts WHERE policy_id = ? AND owner_key LIKE 'profile:%'")
    .bind(SAM_HOME)
    .first<{ values_json: string; version: number }>()
const claimsOf = (key: string) => count('SELECT count(*) AS n FROM claims WHERE policy_id = ? AND idempotency_key = ?', SAM_HOME, key)
const allClaims = () => count('SELECT count(*) AS n FROM claims')
const claimFiles = () => count('SELECT count(*) AS n FROM claim_files')
const claimMails = () => count("SELECT count(*) AS n FROM outbox WHERE dedupe_key LIKE 'claim-reported:%'")
const lastNumber = () => count("SELECT coalesce(max(last_number), 0) AS n FROM claim_number_counters WHERE prefix = 'HO'")

describe('FirstNoticeOfLoss while the database fails', () => {
  for (const [kind, message] of KINDS) {
    it(`the claim's batch fails (${kind}): 503 with the message, no claim / file / email / number, the draft kept; the retry with the key makes one claim, its repeat a replay`, async () => {
      const b = await openPolicy(SAM_HOME)
      expect((await b.json('PUT', DRAFT_URL, { values: { description: `Pipe burst (${kind})` } }, JSON_HEADER)).status).toBe(200)
      const draftBefore = await draftOf()
      expect(draftBefore).not.toBeNull()
      const before = { claims: await allClaims(), files: await claimFiles(), mails: await claimMails(), number: await lastNumber() }
      const key = `faults-claim-${kind}-${crypto.randomUUID()}`
      const fileId = await uploadPhoto(b)
      const send = () => b.fetch(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, claimRequest(`A pipe burst (${kind}).`, key, [fileId]))
      const attachedTo = () => count('SELECT count(*) AS n FROM claim_uploads WHERE id = ? AND claim_number IS NOT NULL', fileId)

      b.db = failingOn(/INSERT INTO claims \(/, message)
      const failed = await send()
      expect(failed.status).toBe(503)
      expect(await failed.json()).toMatchObject({ errorMessage: STORE })
      expect(await allClaims()).toBe(before.claims)
      expect(await claimFiles()).toBe(before.files)
      expect(await claimMails()).toBe(before.mails)
      expect(await lastNumber()).toBe(before.number)
      expect(await attachedTo()).toBe(0) // the upload waits for the retry
      expect(await draftOf()).toEqual(draftBefore)

      b.db = null
      const made = await send()
      expect(made.status).toBe(200)
      const number = /HO-\d{4}-(\d{6})/.exec(await made.text())
      expect(number).not.toBeNull()
      expect(Number(number![1])).toBe(before.number + 1) // the failure took no number
      expect(await claimsOf(key)).toBe(1)
      expect(await allClaims()).toBe(before.claims + 1)
      expect(await claimFiles()).toBe(before.files + 1)
      expect(await attachedTo()).toBe(1)
      expect(await claimMails()).toBe(before.mails + 1)
      expect(await draftOf()).toBeNull()

      const again = await send()
      expect(again.status).toBe(200)
      expect(again.headers.get('Idempotent-Replayed')).toBe('true')
      expect(await again.text()).toContain(number![0])
      expect(await allClaims()).toBe(before.claims + 1)
      expect(await claimMails()).toBe(before.mails + 1)
    })
  }

  it('a constraint failure is not taken for a claim number a parallel claim took: one attempt, not ten', async () => {
    const b = await openPolicy(SAM_HOME)
    let attempts = 0
    const failing = failingOn(/INSERT INTO claims \(/, PERMANENT)
    b.db = new Proxy(failing, {
      get(target, prop) {
        if (prop === 'batch') {
          // Counts the batches that failed: the rate rule's own batches (decision 164) succeed.
          return (stmts: never) =>
            target.batch(stmts).catch((err: unknown) => {
              attempts++
              throw err
            })
        }
        const v = Reflect.get(target, prop, target)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
    const res = await b.fetch(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, claimRequest('Once only.', `faults-claim-once-${crypto.randomUUID()}`))
    expect(res.status).toBe(503)
    expect(attempts).toBe(1)
  })
})

describe('ClaimDraft while the database fails', () => {
  for (const [kind, message] of KINDS) {
    it(`saving fails (${kind}): 503 with the message, the saved draft unchanged; the retry saves it once`, async () => {
      const b = await openPolicy(SAM_HOME)
      expect((await b.json('PUT', DRAFT_URL, { values: { description: 'First words' } }, JSON_HEADER)).status).toBe(200)
      const saved = (await draftOf())!

      b.db = failingOn(/INSERT INTO claim_drafts/, message)
      const failed = await b.json('PUT', DRAFT_URL, { values: { description: 'First words, then more' } }, JSON_HEADER)
      expect(failed.status).toBe(503)
      expect(await failed.json()).toMatchObject({ errorMessage: STORE })
      expect(await draftOf()).toEqual(saved)

      b.db = null
      const retry = await b.json('PUT', DRAFT_URL, { values: { description: 'First words, then more' } }, JSON_HEADER)
      expect(retry.status).toBe(200)
      expect(((await retry.json()) as { version: number }).version).toBe(saved.version + 1)
      expect(await draftOf()).toEqual({ values_json: JSON.stringify({ description: 'First words, then more' }), version: saved.version + 1 })
    })

    it(`discarding fails (${kind}): 503 with the message, the draft still there; the retry discards it`, async () => {
      const b = await openPolicy(SAM_HOME)
      expect((await b.json('PUT', DRAFT_URL, { values: { description: 'To discard' } }, JSON_HEADER)).status).toBe(200)
      const saved = (await draftOf())!

      b.db = failingOn(/DELETE FROM claim_drafts/, message)
      const failed = await b.fetch(DRAFT_URL, { method: 'DELETE', headers: JSON_HEADER })
      expect(failed.status).toBe(503)
      expect(await failed.json()).toMatchObject({ errorMessage: STORE })
      expect(await draftOf()).toEqual(saved)

      b.db = null
      expect((await b.fetch(DRAFT_URL, { method: 'DELETE', headers: JSON_HEADER })).status).toBe(204)
      expect(await draftOf()).toBeNull()
    })
  }
})

// ---------------------------------------------------------------- payments

describe('MakePayment while the database fails', () => {
  beforeEach(() => {
    routeOutbound()
  })
  afterEach(() => vi.unstubAllGlobals())

  const SANDBOX = portalEnv.PAYMENT_API_URL!

  async function chargesOf(policyId: string): Promise<{ reference: string }[]> {
    const { charges } = (await (await standInFetch(`${SANDBOX}/charges`)).json()) as { charges: { reference: string; policyId: string }[] }
    return charges.filter((c) => c.policyId === policyId)
  }

  function cardPayload(policyId: string, amount: string, cardNumber = '4111111111111111'): PaymentPayload {
    return buildPaymentPayload(cardFormValues({ amount, cardNumber }), { policyId, emailOnFile: true, authorizationText: '' })
  }

  const paymentRows = (policyId: string) => count('SELECT count(*) AS n FROM payments WHERE policy_id = ?', policyId)

  const CASES = [
    ['retryable', RETRYABLE, 'HOM4010001', '184.50'],
    ['constraint', PERMANENT, 'COM4050004', '425.00'],
  ] as const

  for (const [kind, message, policyId, amount] of CASES) {
    it(`the pending row's insert fails (${kind}): 503 with the message, no row and nothing charged; the retry with the key pays once, its repeat a replay`, async () => {
      const b = await openPolicy(policyId)
      const payload = cardPayload(policyId, amount)
      const headers = { ...JSON_HEADER, 'Idempotency-Key': `faults-pay-${kind}-${crypto.randomUUID()}` }
      const rowsBefore = await paymentRows(policyId)
      const chargesBefore = (await chargesOf(policyId)).length
      const pay = () => b.json('POST', makePaymentPath('homeowners', policyId), payload, headers)

      b.db = failingOn(/INSERT INTO payments/, message)
      const failed = await pay()
      expect(failed.status).toBe(503)
      expect(await failed.json()).toMatchObject({ errorMessage: STORE })
      expect(await paymentRows(policyId)).toBe(rowsBefore)
      expect(await chargesOf(policyId)).toHaveLength(chargesBefore)

      b.db = null
      const paid = await pay()
      expect(paid.status).toBe(200)
      const text = await paid.text()
      expect(text).toContain('was approved')
      expect(await paymentRows(policyId)).toBe(rowsBefore + 1)
      const row = await env.DB.prepare('SELECT payment_id, status FROM payments WHERE policy_id = ? AND idempotency_key = ?')
        .bind(policyId, headers['Idempotency-Key'])
        .first<{ payment_id: string; status: string }>()
      expect(row?.status).toBe('approved')
      const charges = await chargesOf(policyId)
      expect(charges).toHaveLength(chargesBefore + 1)
      expect(charges.filter((c) => c.reference === row!.payment_id)).toHaveLength(1)

      const again = await pay()
      expect(again.status).toBe(200)
      expect(again.headers.get('Idempotent-Replayed')).toBe('true')
      expect(await again.text()).toBe(text)
      expect(await paymentRows(policyId)).toBe(rowsBefore + 1)
      expect(await chargesOf(policyId)).toHaveLength(chargesBefore + 1)
    })
  }
  it('the processor times out after charging and noting the unknown outcome fails: 503, the row pending; the retry with the key finds the charge by reference and settles it, never charging again', async () => {
    const policyId = 'DWL4050005'
    const b = await openPolicy(policyId)
    const payload = cardPayload(policyId, '456.00', '4000000000005043') // sandbox: charged, then 504
    const headers = { ...JSON_HEADER, 'Idempotency-Key': `faults-pay-unknown-${crypto.randomUUID()}` }
    const chargesBefore = (await chargesOf(policyId)).length
    const pay = () => b.json('POST', makePaymentPath('homeowners', policyId), payload, headers)

    b.db = failingOn(/SET outcome = 'unknown'/, RETRYABLE)
    const failed = await pay()
    expect(failed.status).toBe(503)
    expect(await failed.json()).toMatchObject({ errorMessage: STORE })
    const pending = await env.DB.prepare('SELECT payment_id, status, outcome FROM payments WHERE policy_id = ? AND idempotency_key = ?')
      .bind(policyId, headers['Idempotency-Key'])
      .first<{ payment_id: string; status: string; outcome: string | null }>()
    expect(pending).toMatchObject({ status: 'pending', outcome: null }) // the settlement job would find it too
    expect(await chargesOf(policyId)).toHaveLength(chargesBefore + 1)

    b.db = null
    const paid = await pay()
    expect(paid.status).toBe(200)
    expect(await paid.text()).toContain('was approved')
    expect(await count("SELECT count(*) AS n FROM payments WHERE policy_id = ? AND status = 'approved'", policyId)).toBe(1)
    expect(await chargesOf(policyId)).toHaveLength(chargesBefore + 1)
    expect((await pay()).headers.get('Idempotent-Replayed')).toBe('true')
    expect(await chargesOf(policyId)).toHaveLength(chargesBefore + 1)
  })
})
