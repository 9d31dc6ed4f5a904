import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, jsonPost, seed } from './helpers'
import { mainOf, ownerOf, text, withPolicy } from './servicing-helpers'
import { routeOutbound, portalEnv, standInFetch } from './sso-support'
import { ERIN_FLOOD, PNG, SAM_HOME, uploadClaimFile } from './claims-fixtures'
import { resetClaimsSystem, STAND_IN, standIn } from './claims-system-support'
import { pushEvent, seedClaim } from './claim-page-support'
import { drainOutbox, MAX_ATTEMPTS } from '../../worker/services/outbox/outbox'
import { claimsSystem } from '../../worker/integrations/claims-system'
import { ADVANCE_TEXT } from '../../shared/claims/advance/advance-limits'
import { ADVANCE_REFUSAL } from '../../worker/services/claims/claim-advances'

/**
 * Issue 33 item 2 (decision 211): advance payments on a flood claim, living expenses on a homeowners
 * claim. A request is stored with its key and reaches the claims system once, through the 'claim-advance'
 * outbox channel and the HTTP adapter, to the stand-in; its status follows signed advance.updated events.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:claim-advance%'").run()
  await env.DB.prepare("UPDATE outbox SET status = 'delivered' WHERE channel IN ('claim-advance', 'claim-document') AND status IN ('pending', 'leased')").run()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function login(policyId: string): Promise<Record<string, string>> {
  const p = ownerOf(policyId)
  const res = await jsonPost('/v1/profile/login/', { userName: p.userName, password: p.password })
  return { Authorization: `Bearer ${((await res.json()) as { accountToken: string }).accountToken}` }
}

const url = (policyId: string, claimNumber: string, family: string) => `/v1/${family}/ClaimAdvances/${policyId}?claimNumber=${claimNumber}`
const drainAdvances = (now: number) => drainOutbox(portalEnv, { channels: ['claim-advance'], now })

/** A claim of the policy, filed with the claims stand-in through the adapter (as the claim-notice channel does). */
async function filedClaim(policyId: string, family: 'flood' | 'homeowners'): Promise<string> {
  const claimNumber = await seedClaim({ policyId, family })
  await claimsSystem(portalEnv).submitClaim({
    claimNumber,
    policyId,
    family,
    lossDate: '2026-02-27',
    peril: family === 'flood' ? 'Flood' : 'Water Damage',
    description: 'test',
    reporter: { name: 'Test', phone: '5125550100', relationship: 'Insured' },
    contactEmail: 'typed.address@example.com',
    reportedAt: new Date().toISOString(),
    documents: [],
  })
  return claimNumber
}

async function photoOn(policyId: string, auth: Record<string, string>, claimNumber: string, family: string): Promise<string> {
  const res = await uploadClaimFile(policyId, auth, PNG, 'living-room.png', { claimNumber, family })
  expect(res.status).toBe(201)
  return ((await res.json()) as { fileId: string }).fileId
}

interface StandInAdvance {
  claimNumber: string
  requestId: string
  kind: string
  amountCents: number
  detail: { documents?: { name: string }[] }
}
const standInAdvances = async (claimNumber: string) =>
  ((await (await standInFetch(`${STAND_IN}/advances`)).json()) as { advances: StandInAdvance[] }).advances.filter((a) => a.claimNumber === claimNumber)

const ask = (auth: Record<string, string>, policyId: string, claimNumber: string, family: string, body: unknown, key: string | null = crypto.randomUUID()) =>
  jsonPost(url(policyId, claimNumber, family), body, { ...auth, ...(key ? { 'Idempotency-Key': key } : {}) })

const rows = (claimNumber: string) =>
  env.DB.prepare('SELECT id, status, amount_cents, decided_cents, reason, sent_at FROM claim_advances WHERE claim_number = ?')
    .bind(claimNumber)
    .all<{ id: string; status: string; amount_cents: number; decided_cents: number | null; reason: string | null; sent_at: number | null }>()
    .then((r) => r.results)

describe('a flood advance through /v1', () => {
  it('five copies with one key at once: one request, one delivery, the stand-in holds it once with its photo', async () => {
    const auth = await login(ERIN_FLOOD)
    const claimNumber = await filedClaim(ERIN_FLOOD, 'flood')
    const fileId = await photoOn(ERIN_FLOOD, auth, claimNumber, 'flood')
    const key = crypto.randomUUID()
    const body = { amount: '12,500', documentKind: 'photos', documentIds: [fileId] }
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(auth, ERIN_FLOOD, claimNumber, 'flood', body, key)))
    const statuses = answers.map((r) => r.status)
    // A copy still running when another arrives may be told 409 (retry with the same key); none is stored twice.
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true)
    expect(statuses).toContain(201)
    const ids = new Set(
      await Promise.all(answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { request: { id: string } }).request.id)),
    )
    expect(ids.size).toBe(1)
    expect(await rows(claimNumber)).toHaveLength(1)
    const [id] = [...ids]
    const queued = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key = ?').bind(`claim-advance:${id}`).first<{ n: number }>()
    expect(queued!.n).toBe(1)

    // Two drains at once deliver it once; a third finds nothing to do.
    const t = Date.now() + 1000
    await Promise.all([drainAdvances(t), drainAdvances(t)])
    await drainAdvances(t + 1000)
    const held = await standInAdvances(claimNumber)
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ requestId: id, kind: 'flood-advance', amountCents: 12_500_00, detail: { documents: [{ name: 'living-room.png' }] } })
    expect((await rows(claimNumber))[0]!.sent_at).not.toBeNull()
  })

  it('over the limit is refused with the limit and why; documents not of the claim are refused', async () => {
    const auth = await login(ERIN_FLOOD)
    const claimNumber = await filedClaim(ERIN_FLOOD, 'flood')
    const over = await ask(auth, ERIN_FLOOD, claimNumber, 'flood', { amount: '5000.01' })
    expect(over.status).toBe(400)
    expect(((await over.json()) as { errorMessage: string }).errorMessage).toBe(ADVANCE_TEXT.overWithoutDocuments)
    const fileId = await photoOn(ERIN_FLOOD, auth, claimNumber, 'flood')
    const overWith = await ask(auth, ERIN_FLOOD, claimNumber, 'flood', { amount: '20000.01', documentIds: [fileId] })
    expect(((await overWith.json()) as { errorMessage: string }).errorMessage).toBe(ADVANCE_TEXT.overWithDocuments)
    expect((await ask(auth, ERIN_FLOOD, claimNumber, 'flood', { amount: '20000', documentIds: [fileId] })).status).toBe(201)
    const stranger = await ask(auth, ERIN_FLOOD, claimNumber, 'flood', { amount: '6000', documentIds: ['up_not_this_claims'] })
    expect(stranger.status).toBe(400)
    expect(((await stranger.json()) as { errorMessage: string }).errorMessage).toBe(ADVANCE_REFUSAL.unknownDocuments)
    expect((await ask(auth, ERIN_FLOOD, claimNumber, 'flood', { amount: '100' }, null)).status).toBe(400)
    expect(await rows(claimNumber)).toHaveLength(1)
  })

  it("another person's claim is a 404; a closed claim is refused", async () => {
    const sam = await login(SAM_HOME)
    const erinsClaim = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood' })
    expect((await ask(sam, ERIN_FLOOD, erinsClaim, 'flood', { amount: '100' })).status).toBe(404)
    expect((await api(url(ERIN_FLOOD, erinsClaim, 'flood'), { headers: sam })).status).toBe(404)
    const erin = await login(ERIN_FLOOD)
    const closed = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood' })
    await env.DB.prepare("UPDATE claims SET status = 'Closed' WHERE claim_number = ?").bind(closed).run()
    const refused = await ask(erin, ERIN_FLOOD, closed, 'flood', { amount: '100' })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(ADVANCE_REFUSAL.closed)
    expect(await rows(erinsClaim)).toEqual([])
    expect(await rows(closed)).toEqual([])
  })

  it('the limit is counted before the request is stored: 14 at once, exactly 10 stored', async () => {
    const auth = await login(ERIN_FLOOD)
    const claimNumber = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood' })
    const answers = await Promise.all(Array.from({ length: 14 }, () => ask(auth, ERIN_FLOOD, claimNumber, 'flood', { amount: '100' })))
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(4)
    expect(await rows(claimNumber)).toHaveLength(10)
  })

  it('a request the claims system never takes is retried, then buried and listed', async () => {
    const auth = await login(ERIN_FLOOD)
    const claimNumber = await filedClaim(ERIN_FLOOD, 'flood')
    expect((await standIn('/fail', 'POST', { times: 100, status: 503 })).status).toBe(200)
    const { request } = (await (await ask(auth, ERIN_FLOOD, claimNumber, 'flood', { amount: '900' })).json()) as { request: { id: string } }
    const row = () =>
      env.DB.prepare('SELECT id, status, attempts, next_attempt_at FROM outbox WHERE dedupe_key = ?')
        .bind(`claim-advance:${request.id}`)
        .first<{ id: number; status: string; attempts: number; next_attempt_at: number }>()
    for (let guard = 0; (await row())!.status === 'pending' && guard < MAX_ATTEMPTS + 1; guard++) await drainAdvances((await row())!.next_attempt_at)
    const dead = (await row())!
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS })
    expect(await standInAdvances(claimNumber)).toEqual([])
    expect(await (await api('/__dev/outbox')).text()).toContain(`data-outbox-id="${dead.id}" data-status="dead"`)
    await standIn('/fail', 'DELETE')
  })
})

describe('advance.updated events', () => {
  it('update the status on the claim page; duplicates and late ones change nothing; the stand-in can answer', async () => {
    const auth = await login(ERIN_FLOOD)
    const claimNumber = await filedClaim(ERIN_FLOOD, 'flood')
    const { request } = (await (await ask(auth, ERIN_FLOOD, claimNumber, 'flood', { amount: '4000' })).json()) as { request: { id: string } }
    await drainAdvances(Date.now() + 1000)
    // The stand-in answers 'received' (its own sequence), as its page's form does.
    const received = await standIn(`/claims/${claimNumber}/advances/${request.id}/answer`, 'POST', { status: 'received', sequence: 10 })
    expect(((await received.json()) as { status: number }).status).toBe(200)
    expect((await rows(claimNumber))[0]!.status).toBe('received')

    const approved = { requestId: request.id, status: 'approved', amountCents: 4000_00 }
    expect(await pushEvent(claimNumber, 12, 'advance.updated', approved, { id: 'evt-adv-approved' })).toBe(200)
    expect(await pushEvent(claimNumber, 12, 'advance.updated', approved, { id: 'evt-adv-approved' })).toBe(200)
    // Late: an event of sequence 11 arriving after 12 does not move the status back.
    expect(await pushEvent(claimNumber, 11, 'advance.updated', { requestId: request.id, status: 'declined', reason: 'late' })).toBe(200)
    expect((await rows(claimNumber))[0]).toMatchObject({ status: 'approved', decided_cents: 4000_00, reason: null })
    // An unknown request, or a forged claim: refused, nothing changed.
    expect(await pushEvent(claimNumber, 13, 'advance.updated', { requestId: 'adv_nope', status: 'paid', amountCents: 1 })).toBe(404)
    expect(await pushEvent(claimNumber, 13, 'advance.updated', { requestId: request.id, status: 'approved' })).toBe(400)
    expect(await pushEvent(claimNumber, 14, 'advance.updated', { requestId: request.id, status: 'paid', amountCents: 4000_00 })).toBe(200)

    const listed = (await (await api(url(ERIN_FLOOD, claimNumber, 'flood'), { headers: auth })).json()) as {
      requests: { status: string; decidedCents: number }[]
    }
    expect(listed.requests).toMatchObject([{ status: 'paid', decidedCents: 4000_00 }])
    const b = await withPolicy(ERIN_FLOOD)
    const page = text(mainOf(await (await b.fetch(`/claims-history/${claimNumber}`)).text()))
    expect(page).toContain('Paid: $4,000.00')
    expect(page).toContain(ADVANCE_TEXT.deducted)
  })
})

describe('living expenses on a homeowners claim', () => {
  it('with a receipt, a period and what for; a flood-style request without a receipt is refused', async () => {
    const auth = await login(SAM_HOME)
    const claimNumber = await filedClaim(SAM_HOME, 'homeowners')
    const receipt = await photoOn(SAM_HOME, auth, claimNumber, 'homeowners')
    const body = { amount: '850', canLiveInHome: 'no', periodFrom: '2026-11-01', periodTo: '2026-11-04', purpose: 'Hotel, 4 nights', documentIds: [receipt] }
    const noReceipt = await ask(auth, SAM_HOME, claimNumber, 'homeowners', { ...body, documentIds: [] })
    expect(((await noReceipt.json()) as { errorMessage: string }).errorMessage).toBe(ADVANCE_TEXT.livingExpensesNeedReceipts)
    const canLive = await ask(auth, SAM_HOME, claimNumber, 'homeowners', { ...body, canLiveInHome: 'yes' })
    expect(((await canLive.json()) as { errorMessage: string }).errorMessage).toBe(ADVANCE_TEXT.lossOfUseNo)
    expect((await ask(auth, SAM_HOME, claimNumber, 'homeowners', body)).status).toBe(201)
    await drainAdvances(Date.now() + 1000)
    expect(await standInAdvances(claimNumber)).toMatchObject([{ kind: 'living-expenses', amountCents: 850_00 }])
  })
})

describe('without JavaScript', () => {
  const BOUNDARY = '----PortalTestBoundaryAdvance0gW'
  const enc = (s: string) => new TextEncoder().encode(s)
  function formBody(fields: Record<string, string>, file: { name: string; bytes: Uint8Array } | null): Uint8Array {
    const head = enc(
      Object.entries(fields)
        .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file?.name ?? ''}"\r\nContent-Type: image/png\r\n\r\n`,
    )
    const bytes = file?.bytes ?? new Uint8Array()
    const tail = enc(`\r\n--${BOUNDARY}--\r\n`)
    const out = new Uint8Array(head.length + bytes.length + tail.length)
    out.set(head, 0)
    out.set(bytes, head.length)
    out.set(tail, head.length + bytes.length)
    return out
  }

  it('the plain form with a photo asks once for a double click; over the limit without one is told why', async () => {
    const claimNumber = await filedClaim(ERIN_FLOOD, 'flood')
    const b = await withPolicy(ERIN_FLOOD)
    const html = await (await b.fetch(`/claims-history/${claimNumber}`)).text()
    const form = /<form[^>]*action="\/claims-history\/request-advance\?claim=[^"]+"[\s\S]*?<\/form>/.exec(html)?.[0] ?? ''
    const token = /name="_once" value="([^"]+)"/.exec(form)?.[1]
    expect(token).toBeTruthy()
    expect(form.toLowerCase()).toContain('enctype="multipart/form-data"')
    const post = (body: Uint8Array) =>
      b.fetch(`/claims-history/request-advance?claim=${claimNumber}`, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(body.length) },
        body,
      })

    const over = await post(formBody({ _once: token!, amount: '6000' }, null))
    expect(over.status).toBe(400)
    expect(text(mainOf(await over.text()))).toContain(ADVANCE_TEXT.overWithoutDocuments)

    const html2 = await (await b.fetch(`/claims-history/${claimNumber}`)).text()
    const token2 = /request-advance[\s\S]*?name="_once" value="([^"]+)"/.exec(html2)?.[1]
    const body = formBody({ _once: token2!, amount: '6000', documentKind: 'photos' }, { name: 'porch.png', bytes: PNG })
    const [a, c] = await Promise.all([post(body), post(body)])
    expect([a.status, c.status].filter((s) => s === 303).length).toBeGreaterThanOrEqual(1)
    expect(a.status === 303 ? a.headers.get('Location') : c.headers.get('Location')).toBe(`/claims-history/${claimNumber}?sent=advance`)
    expect(await rows(claimNumber)).toHaveLength(1)
    const files = await env.DB.prepare('SELECT COUNT(*) AS n FROM claim_uploads WHERE claim_number = ?').bind(claimNumber).first<{ n: number }>()
    expect(files!.n).toBe(1)
    const after = text(mainOf(await (await b.fetch(`/claims-history/${claimNumber}?sent=advance`)).text()))
    expect(after).toContain('$6,000.00 asked with 1 document')
    expect(after).toContain('Requested: on its way to the claims team')
  })

  it('living expenses through the plain form: the question, the period, what for and a receipt', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const b = await withPolicy(SAM_HOME)
    const html = await (await b.fetch(`/claims-history/${claimNumber}`)).text()
    const form = /<form[^>]*request-advance[\s\S]*?<\/form>/.exec(html)?.[0] ?? ''
    expect(text(form)).toContain('Can you live in your home now?')
    const token = /name="_once" value="([^"]+)"/.exec(form)?.[1]
    const post = (body: Uint8Array) =>
      b.fetch(`/claims-history/request-advance?claim=${claimNumber}`, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(body.length) },
        body,
      })
    const fields = { _once: token!, canLiveInHome: 'no', amount: '640.50', periodFrom: '2026-11-20', periodTo: '2026-11-23', purpose: 'Motel, 3 nights' }
    const noReceipt = await post(formBody(fields, null))
    expect(noReceipt.status).toBe(400)
    expect(text(mainOf(await noReceipt.text()))).toContain(ADVANCE_TEXT.livingExpensesNeedReceipts)
    const done = await post(formBody(fields, { name: 'motel-receipt.png', bytes: PNG }))
    expect(done.status).toBe(303)
    const stored = await env.DB.prepare('SELECT kind, amount_cents, period_from, period_to, purpose, document_ids FROM claim_advances WHERE claim_number = ?')
      .bind(claimNumber)
      .first<{ kind: string; amount_cents: number; period_from: string; period_to: string; purpose: string; document_ids: string }>()
    expect(stored).toMatchObject({
      kind: 'living-expenses',
      amount_cents: 640_50,
      period_from: '2026-11-20',
      period_to: '2026-11-23',
      purpose: 'Motel, 3 nights',
    })
    expect(JSON.parse(stored!.document_ids)).toHaveLength(1)
    const page = text(mainOf(await (await b.fetch(`/claims-history/${claimNumber}?sent=advance`)).text()))
    expect(page).toContain('$640.50 asked for')
    expect(page).toContain('with 1 document')
  })

  it('a card number typed in a text field of the streamed form is refused before anything is stored', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const b = await withPolicy(SAM_HOME)
    const body = formBody({ amount: '100', canLiveInHome: 'no', purpose: 'hotel paid with 4111 1111 1111 1111' }, null)
    const res = await b.fetch(`/claims-history/request-advance?claim=${claimNumber}`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(body.length) },
      body,
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('purpose')
    expect(await rows(claimNumber)).toEqual([])
  })

  it("another person's claim through the form is the 404 page", async () => {
    const erinsClaim = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood' })
    const b = await withPolicy(SAM_HOME)
    const body = formBody({ amount: '100' }, null)
    const res = await b.fetch(`/claims-history/request-advance?claim=${erinsClaim}`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': String(body.length) },
      body,
    })
    expect(res.status).toBe(404)
    expect(await rows(erinsClaim)).toEqual([])
  })
})
