import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, bearer, jsonPost, seed } from './helpers'
import { mainOf, ownerOf, text, withPolicy } from './servicing-helpers'
import { routeOutbound, portalEnv } from './sso-support'
import { ERIN_FLOOD, SAM_HOME } from './claims-fixtures'
import { drainClaimNotices, reportHomeownersClaim, resetClaimsSystem, STAND_IN, standIn } from './claims-system-support'
import { pushEvent, queuedMails, seedClaim } from './claim-page-support'
import { standInFetch } from './sso-support'
import { drainOutbox, MAX_ATTEMPTS } from '../../worker/services/outbox/outbox'
import { CONVERSATION_TEXT, MESSAGE_MAX } from '../../shared/claims/follow-up/conversation'

/**
 * Issue 32 item 2 (decision 208): the conversation with the claims team. A message is stored with its
 * key and reaches the claims system's notes API once, through the 'claim-message' outbox channel and the
 * HTTP adapter, to the stand-in; replies arrive as signed message.posted events, once, in their place.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:claim-message%'").run()
  await env.DB.prepare("UPDATE outbox SET status = 'delivered' WHERE channel = 'claim-message' AND status IN ('pending', 'leased')").run()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const url = (policyId: string, claimNumber: string, family = 'homeowners') => `/v1/${family}/ClaimMessages/${policyId}?claimNumber=${claimNumber}`
const drainMessages = (now: number) => drainOutbox(portalEnv, { channels: ['claim-message'], now })

async function send(auth: Record<string, string>, claimNumber: string, body: string, key: string | null = crypto.randomUUID(), policyId = SAM_HOME) {
  return jsonPost(url(policyId, claimNumber), { body }, { ...auth, ...(key ? { 'Idempotency-Key': key } : {}) })
}

async function notesOf(claimNumber: string): Promise<{ subject: string; body: string; author: string }[]> {
  const res = await standInFetch(`${STAND_IN}/claims`)
  const claims = ((await res.json()) as { claims: { claimNumber: string; notes: { subject: string; body: string; author: string }[] }[] }).claims
  return claims.find((c) => c.claimNumber === claimNumber)?.notes ?? []
}

const messageRows = (claimNumber: string) =>
  env.DB.prepare('SELECT id, direction, body, author, sent_at, read_at FROM claim_messages WHERE claim_number = ? ORDER BY posted_at, id')
    .bind(claimNumber)
    .all<{ id: string; direction: string; body: string; author: string | null; sent_at: number | null; read_at: number | null }>()
    .then((r) => r.results)

describe('writing to the claims team', () => {
  it('reaches the claims system as a note through the outbox and the adapter, once, and waits for its claim to be filed', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await reportHomeownersClaim()
    // The claim is not filed yet: the message is stored and waits.
    const res = await send(auth, claimNumber, 'Is the tarp on the roof enough for now?')
    expect(res.status).toBe(201)
    const { message } = (await res.json()) as { message: { id: string; from: string; delivered: boolean } }
    expect(message).toMatchObject({ from: 'you', delivered: false })
    await drainMessages(Date.now() + 1000)
    expect(await notesOf(claimNumber)).toEqual([])

    const t0 = Date.now() + 2000
    expect(await drainClaimNotices(t0)).toMatchObject({ delivered: 1 })
    // Filing the claim brought the waiting message forward.
    expect(await drainMessages(t0 + 1000)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await notesOf(claimNumber)).toEqual([
      { subject: 'Message from the policyholder (portal)', body: 'Is the tarp on the roof enough for now?', author: 'Policyholder' },
    ])
    expect((await messageRows(claimNumber))[0]!.sent_at).toBe(t0 + 1000)

    // The row put back by hand (the dev outbox's Retry): marked sent, nothing added.
    await env.DB.prepare("UPDATE outbox SET status = 'pending', next_attempt_at = 0 WHERE dedupe_key = ?").bind(`claim-message:${message.id}`).run()
    await env.DB.prepare('UPDATE claim_messages SET sent_at = NULL WHERE id = ?').bind(message.id).run()
    expect(await drainMessages(t0 + 2000)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(await notesOf(claimNumber)).toHaveLength(1)

    const listed = (await (await api(url(SAM_HOME, claimNumber), { headers: auth })).json()) as { messages: { delivered: boolean }[]; closed: boolean }
    expect(listed).toMatchObject({ closed: false, messages: [{ delivered: true }] })
  })

  it('a failing claims system is retried with the same transaction id: one note after a lost answer', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await reportHomeownersClaim()
    const t0 = Date.now() + 1000
    await drainClaimNotices(t0)
    // The stand-in does the work and loses the answer (504), then answers.
    expect((await standIn('/fail', 'POST', { times: 1, timeout: true })).status).toBe(200)
    expect((await send(auth, claimNumber, 'Photos of the ceiling are coming.')).status).toBe(201)
    await env.DB.prepare("UPDATE outbox SET next_attempt_at = 0 WHERE channel = 'claim-message' AND status = 'pending'").run()
    const first = await drainMessages(t0 + 1000)
    expect(first.retried + first.delivered).toBe(1)
    await env.DB.prepare("UPDATE outbox SET next_attempt_at = 0 WHERE channel = 'claim-message' AND status = 'pending'").run()
    await drainMessages(t0 + 200_000)
    expect(await notesOf(claimNumber)).toHaveLength(1)
  })

  it('a message the claims system never takes is retried, buried after the last attempt and listed; a refusal is buried at once', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await reportHomeownersClaim()
    await drainClaimNotices(Date.now() + 1000)
    expect((await standIn('/fail', 'POST', { times: 100, status: 503 })).status).toBe(200)
    const { message } = (await (await send(auth, claimNumber, 'Are you there?')).json()) as { message: { id: string } }
    const row = () =>
      env.DB.prepare('SELECT id, status, attempts, next_attempt_at, last_error FROM outbox WHERE dedupe_key = ?')
        .bind(`claim-message:${message.id}`)
        .first<{ id: number; status: string; attempts: number; next_attempt_at: number; last_error: string | null }>()
    for (let guard = 0; (await row())!.status === 'pending' && guard < MAX_ATTEMPTS + 1; guard++) {
      await drainMessages((await row())!.next_attempt_at)
    }
    const dead = (await row())!
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, last_error: 'claims system outcome unknown: http-status HTTP 503' })
    expect(await notesOf(claimNumber)).toEqual([])
    const listed = await (await api('/__dev/outbox')).text()
    expect(listed).toContain(`data-outbox-id="${dead.id}" data-status="dead"`)

    // A note the claims system refuses (422): retrying cannot help, buried at once.
    await standIn('/fail', 'DELETE')
    expect((await standIn('/fail', 'POST', { times: 1, status: 422 })).status).toBe(200)
    const refused = (await (await send(auth, claimNumber, 'And now?')).json()) as { message: { id: string } }
    await drainMessages(Date.now() + 1000)
    const buried = await env.DB.prepare('SELECT status, attempts FROM outbox WHERE dedupe_key = ?')
      .bind(`claim-message:${refused.message.id}`)
      .first<{ status: string; attempts: number }>()
    expect(buried).toEqual({ status: 'dead', attempts: 1 })
  })

  it('five identical sends with one key at once: one message, one delivery, the same answer', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const key = crypto.randomUUID()
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(auth, claimNumber, 'When will the adjuster come?', key)))
    const statuses = answers.map((r) => r.status)
    // A copy still running when another arrives may be told 409 (retry with the same key); none is stored twice.
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true)
    const ids = new Set(
      await Promise.all(answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { message: { id: string } }).message.id)),
    )
    expect(ids.size).toBe(1)
    expect(await messageRows(claimNumber)).toHaveLength(1)
    const queued = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'claim-message' AND dedupe_key = ?")
      .bind(`claim-message:${[...ids][0]}`)
      .first<{ n: number }>()
    expect(queued!.n).toBe(1)
    // Sent again later with the key: the same message, nothing new.
    const again = await send(auth, claimNumber, 'When will the adjuster come?', key)
    expect(again.status).toBe(201)
    expect(((await again.json()) as { message: { id: string } }).message.id).toBe([...ids][0])
    expect(await messageRows(claimNumber)).toHaveLength(1)
  })

  it('refuses an empty, too long or keyless message with a clear 400, and a card number', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const empty = await send(auth, claimNumber, '   ')
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { errors: Record<string, string> }).errors.body).toBe(CONVERSATION_TEXT.required)
    const long = await send(auth, claimNumber, 'x'.repeat(MESSAGE_MAX + 1))
    expect(long.status).toBe(400)
    expect(((await long.json()) as { errors: Record<string, string> }).errors.body).toBe(CONVERSATION_TEXT.tooLong)
    expect((await send(auth, claimNumber, 'hello', null)).status).toBe(400)
    const card = await send(auth, claimNumber, 'Pay the deductible with 4111 1111 1111 1111')
    expect(card.status).toBe(400)
    expect(await messageRows(claimNumber)).toEqual([])
  })

  it("another person's claim, or a claim of another policy, is a 404; a closed claim takes no message", async () => {
    const sam = await bearer('direct.single')
    const erinsClaim = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood' })
    expect((await send(sam, erinsClaim, 'hello')).status).toBe(404)
    expect((await api(url(SAM_HOME, erinsClaim), { headers: sam })).status).toBe(404)
    expect((await api(url(ERIN_FLOOD, erinsClaim, 'flood'), { headers: sam })).status).toBe(404)
    expect((await send(sam, erinsClaim, 'hello', crypto.randomUUID(), ERIN_FLOOD)).status).toBe(404)
    expect(await messageRows(erinsClaim)).toEqual([])

    const closed = await seedClaim({ policyId: SAM_HOME })
    await env.DB.prepare("UPDATE claims SET status = 'Closed' WHERE claim_number = ?").bind(closed).run()
    const refused = await send(sam, closed, 'hello')
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(CONVERSATION_TEXT.closed)
  })

  it('the limit is counted before the message is stored: 35 at once, exactly 30 stored', async () => {
    const auth = await bearer('direct.single')
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const answers = await Promise.all(Array.from({ length: 35 }, (_, i) => send(auth, claimNumber, `Message ${i}`)))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(30)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
    expect(answers.find((r) => r.status === 429)!.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await messageRows(claimNumber)).toHaveLength(30)
  })
})

describe('replies from the claims team (message.posted)', () => {
  const reply = (claimNumber: string, sequence: number, body: string, opts: { id?: string; occurredAt?: string } = {}) =>
    pushEvent(claimNumber, sequence, 'message.posted', { body, author: 'Dana Whitaker' }, opts)

  it('a duplicate is stored and mailed once; late ones fall in their place; the claim page reads them', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME, email: 'sam.typed@example.com' })
    const id = `evt-${crypto.randomUUID()}`
    expect(await reply(claimNumber, 3, 'The inspection is on Monday.', { id, occurredAt: '2026-03-03T15:00:00Z' })).toBe(200)
    expect(await reply(claimNumber, 3, 'The inspection is on Monday.', { id, occurredAt: '2026-03-03T15:00:00Z' })).toBe(200)
    // An earlier reply delivered late.
    expect(await reply(claimNumber, 2, 'We received your claim.', { occurredAt: '2026-03-02T09:00:00Z' })).toBe(200)
    const rows = await messageRows(claimNumber)
    expect(rows.map((r) => [r.direction, r.body, r.author])).toEqual([
      ['from-team', 'We received your claim.', 'Dana Whitaker'],
      ['from-team', 'The inspection is on Monday.', 'Dana Whitaker'],
    ])
    const mails = (await queuedMails(`claim-reply-mail:${claimNumber}:`)).filter((m) => m.dedupe_key.startsWith(`claim-reply-mail:${claimNumber}:${id}`))
    expect(mails.map((m) => m.to)).toContain('sam.typed@example.com')
    expect(mails.filter((m) => m.to === 'sam.typed@example.com')).toHaveLength(1)
    expect(mails[0]!.kind).toBe('claim-message')
    expect(mails[0]!.text).toContain(`${portalEnv.PORTAL_BASE_URL.replace(/\/+$/, '')}/claims/${claimNumber}`)
    expect(mails[0]!.text).not.toContain('The inspection is on Monday.')
    // The events that fold the claim's state are untouched.
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM claim_events WHERE claim_number = ?').bind(claimNumber).first<{ n: number }>())!.n).toBe(0)

    // Account Home shows the unread replies; reading the claim page marks them read.
    const b = await withPolicy(SAM_HOME)
    const home = text(mainOf(await (await b.fetch('/account-home')).text()))
    expect(home).toContain(`Claim ${claimNumber}`)
    expect(home).toContain('2 new messages from the claims team')
    const claimPage = await b.fetch(`/claims-history/${claimNumber}`)
    const main = text(mainOf(await claimPage.text()))
    expect(main).toContain(CONVERSATION_TEXT.heading)
    expect(main.indexOf('We received your claim.')).toBeLessThan(main.indexOf('The inspection is on Monday.'))
    expect((await messageRows(claimNumber)).every((r) => r.read_at !== null)).toBe(true)
    expect(text(mainOf(await (await b.fetch('/account-home')).text()))).not.toContain('new messages from the claims team')
  })

  it('a forged reply, or one for an unknown claim, changes nothing', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const body = JSON.stringify({ id: 'evt-forged', claimNumber, sequence: 1, type: 'message.posted', data: { body: 'x', author: 'y' } })
    const forged = await api('/hooks/claims-system', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Claims-Signature': 'v1=00', 'X-Claims-Timestamp': String(Math.floor(Date.now() / 1000)) },
      body,
    })
    expect(forged.status).toBe(401)
    expect(await pushEvent('HO-2098-999999', 1, 'message.posted', { body: 'x', author: 'y' })).toBe(404)
    expect(await messageRows(claimNumber)).toEqual([])
  })

  it("the stand-in's reply form posts a signed message.posted that the page lists", async () => {
    const claimNumber = await reportHomeownersClaim()
    await drainClaimNotices(Date.now() + 1000)
    const res = await standIn(`/claims/${claimNumber}/messages`, 'POST', { body: 'Please send a photo of the attic.', author: 'Dana Whitaker' })
    expect(await res.json()).toMatchObject({ delivered: true, status: 200 })
    expect((await messageRows(claimNumber)).map((r) => r.body)).toEqual(['Please send a photo of the attic.'])
  })
})

describe('without JavaScript', () => {
  it('the plain form posts the message; a double click is one message; the page lists it', async () => {
    const claimNumber = await seedClaim({ policyId: SAM_HOME })
    const b = await withPolicy(SAM_HOME)
    const html = await (await b.fetch(`/claims-history/${claimNumber}`)).text()
    const action = /action="([^"]*send-message[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')
    const key = /name="key" value="([^"]+)"/.exec(html)?.[1]
    expect(action).toBe(`/claims-history/send-message?claim=${claimNumber}`)
    expect(key).toBeTruthy()
    const [a, bb] = await Promise.all([
      b.form(action!, { key: key!, body: 'Can I start drying the carpet?' }),
      b.form(action!, { key: key!, body: 'Can I start drying the carpet?' }),
    ])
    expect([a.status, bb.status]).toEqual([303, 303])
    expect(a.headers.get('Location')).toBe(`/claims-history/${claimNumber}?sent=message`)
    expect(await messageRows(claimNumber)).toHaveLength(1)
    const after = text(mainOf(await (await b.fetch(`/claims-history/${claimNumber}?sent=message`)).text()))
    expect(after).toContain(CONVERSATION_TEXT.sent)
    expect(after).toContain('Can I start drying the carpet?')

    // An empty message: the page again, with the reason, nothing stored.
    const empty = await b.form(action!, { key: 'another-key-0123456789', body: '' })
    expect(empty.status).toBe(400)
    expect(text(mainOf(await empty.text()))).toContain(CONVERSATION_TEXT.required)
    expect(await messageRows(claimNumber)).toHaveLength(1)
  })

  it("another person's claim through the form is the 404 page", async () => {
    const erinsClaim = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood' })
    expect(ownerOf(ERIN_FLOOD).key).not.toBe(ownerOf(SAM_HOME).key)
    const b = await withPolicy(SAM_HOME)
    const res = await b.form(`/claims-history/send-message?claim=${erinsClaim}`, { key: 'k'.repeat(20), body: 'hello' })
    expect(res.status).toBe(404)
    expect(await messageRows(erinsClaim)).toEqual([])
  })
})
