import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, seed } from './helpers'
import { routeOutbound, portalEnv, standInFetch, STAND_IN_ORIGIN } from './sso-support'
import { claimRow, drainClaimNotices, reportHomeownersClaim, resetClaimsSystem, STAND_IN, standIn, type ClaimRow } from './claims-system-support'
import { signatureHeaders } from '../../worker/integrations/claims-system/webhook-signature'

/**
 * Issue 19 item 2: POST /hooks/claims-system. Signed events change the claim; forged, stale and
 * replayed ones change nothing; a late event cannot move the status back; the stand-in's push route
 * sends a signed event and reports the portal's answer.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const SECRET = portalEnv.CLAIMS_SYSTEM_WEBHOOK_SECRET!
const ADJUSTER = { name: 'Dana Whitaker', phone: '512-555-0142', email: 'dana.whitaker@carrier.example' }

function event(claimNumber: string, sequence: number, type: string, data: unknown, id = `evt-${crypto.randomUUID()}`) {
  return { id, claimNumber, sequence, type, occurredAt: '2026-03-02T10:00:00Z', data }
}

async function post(body: string, headers: Record<string, string>): Promise<Response> {
  return api('/hooks/claims-system', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })
}

/** Sends an event signed with `secret` at `nowMs` (the real system's clock). */
async function send(e: unknown, opts: { secret?: string; nowMs?: number } = {}): Promise<Response> {
  const body = JSON.stringify(e)
  return post(body, await signatureHeaders(opts.secret ?? SECRET, body, opts.nowMs ?? Date.now()))
}

async function eventCount(claimNumber: string): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM claim_events WHERE claim_number = ?').bind(claimNumber).first<{ n: number }>())!.n
}

/** A claim the claims system has received (delivered through the outbox to the stand-in). */
async function deliveredClaim(): Promise<string> {
  const claimNumber = await reportHomeownersClaim()
  expect(await drainClaimNotices(Date.now() + 1000)).toMatchObject({ delivered: 1 })
  return claimNumber
}

describe('signed events', () => {
  it('claim.accepted and adjuster.assigned change the claim; the events are stored for the timeline', async () => {
    const claimNumber = await deliveredClaim()
    const accepted = await send(event(claimNumber, 1, 'claim.accepted', { carrierClaimNumber: 'CC-2026-0042' }))
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({ received: true, duplicate: false })
    expect((await send(event(claimNumber, 2, 'adjuster.assigned', { adjuster: ADJUSTER }))).status).toBe(200)
    expect(await claimRow(claimNumber)).toMatchObject({
      status: 'Open',
      carrier_claim_number: 'CC-2026-0042',
      adjuster_name: ADJUSTER.name,
      adjuster_phone: ADJUSTER.phone,
      adjuster_email: ADJUSTER.email,
      last_event_sequence: 2,
    })
    const { results } = await env.DB.prepare('SELECT sequence, type, payload FROM claim_events WHERE claim_number = ? ORDER BY sequence')
      .bind(claimNumber)
      .all()
    expect(results).toEqual([
      { sequence: 1, type: 'claim.accepted', payload: JSON.stringify({ carrierClaimNumber: 'CC-2026-0042' }) },
      { sequence: 2, type: 'adjuster.assigned', payload: JSON.stringify({ adjuster: ADJUSTER }) },
    ])
  })

  it('out of order: a late event is stored but cannot move the status backwards', async () => {
    const claimNumber = await deliveredClaim()
    expect((await send(event(claimNumber, 5, 'claim.closed', { reason: 'Paid in full' }))).status).toBe(200)
    expect((await claimRow(claimNumber)).status).toBe('Closed')
    // Sequence 1 and 2 arrive after the close.
    expect((await send(event(claimNumber, 1, 'claim.accepted', { carrierClaimNumber: 'CC-2026-0043' }))).status).toBe(200)
    expect((await send(event(claimNumber, 2, 'adjuster.assigned', { adjuster: ADJUSTER }))).status).toBe(200)
    expect(await claimRow(claimNumber)).toMatchObject({ status: 'Closed', adjuster_name: ADJUSTER.name, last_event_sequence: 5 })
    expect(await eventCount(claimNumber)).toBe(3)
    // A reopening after the close moves it; a close older than the reopening does not.
    expect((await send(event(claimNumber, 7, 'claim.reopened', {}))).status).toBe(200)
    expect((await send(event(claimNumber, 6, 'claim.closed', { reason: 'Duplicate' }))).status).toBe(200)
    expect((await claimRow(claimNumber)).status).toBe('Open')
  })
})

describe('refused events change nothing', () => {
  let claimNumber: string
  let before: ClaimRow
  beforeEach(async () => {
    claimNumber = await deliveredClaim()
    before = await claimRow(claimNumber)
  })
  const closing = () => event(claimNumber, 1, 'claim.closed', { reason: 'Withdrawn' })

  async function expectUnchanged() {
    expect(await claimRow(claimNumber)).toEqual(before)
    expect(await eventCount(claimNumber)).toBe(0)
  }

  it('forged: signed with another secret, 401', async () => {
    const res = await send(closing(), { secret: 'not-the-shared-secret-0123456789abcdef' })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'invalid signature' })
    await expectUnchanged()
  })

  it('tampered: a valid signature over another body, 401', async () => {
    const signed = await signatureHeaders(SECRET, JSON.stringify(event(claimNumber, 1, 'claim.reopened', {})), Date.now())
    expect((await post(JSON.stringify(closing()), signed)).status).toBe(401)
    await expectUnchanged()
  })

  it('unsigned, or with a malformed signature, 401', async () => {
    const body = JSON.stringify(closing())
    expect((await post(body, {})).status).toBe(401)
    const good = await signatureHeaders(SECRET, body, Date.now())
    expect((await post(body, { ...good, 'X-Claims-Signature': good['X-Claims-Signature']!.replace('v1=', 'v0=') })).status).toBe(401)
    expect((await post(body, { ...good, 'X-Claims-Signature': 'v1=abc' })).status).toBe(401)
    await expectUnchanged()
  })

  it('stale: correctly signed six minutes ago (or six minutes ahead), 401', async () => {
    expect((await send(closing(), { nowMs: Date.now() - 6 * 60_000 })).status).toBe(401)
    expect((await send(closing(), { nowMs: Date.now() + 6 * 60_000 })).status).toBe(401)
    await expectUnchanged()
  })

  it('replayed: the same event again is a no-op, even after a later event', async () => {
    const e = closing()
    expect(await (await send(e)).json()).toEqual({ received: true, duplicate: false })
    const closed = await claimRow(claimNumber)
    expect(closed.status).toBe('Closed')
    expect((await send(event(claimNumber, 2, 'claim.reopened', {}))).status).toBe(200)
    const reopened = await claimRow(claimNumber)
    // The same close again (same id): answered as a duplicate, nothing changes.
    const again = await send(e)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    expect(await claimRow(claimNumber)).toEqual(reopened)
    expect(await eventCount(claimNumber)).toBe(2)
  })

  it('unknown types and bad shapes: 400; another claim number: 404', async () => {
    expect((await send(event(claimNumber, 1, 'claim.archived', {}))).status).toBe(400)
    expect((await send(event(claimNumber, 1, 'payment.issued', { amountCents: '12.50', method: 'check' }))).status).toBe(400)
    expect((await send(event(claimNumber, 1, 'adjuster.assigned', { adjuster: { name: 'No Contact' } }))).status).toBe(400)
    const notJson = 'not json'
    expect((await post(notJson, await signatureHeaders(SECRET, notJson, Date.now()))).status).toBe(400)
    expect((await send(event('HO-1999-999999', 1, 'claim.reopened', {}))).status).toBe(404)
    await expectUnchanged()
  })

  it('a body over 64 KB: 413', async () => {
    const big = JSON.stringify({ ...closing(), data: { reason: 'x'.repeat(70 * 1024) } })
    expect((await post(big, await signatureHeaders(SECRET, big, Date.now()))).status).toBe(413)
    await expectUnchanged()
  })

  it('sets no cookie and needs no Origin', async () => {
    const res = await send(closing())
    expect(res.status).toBe(200)
    expect(res.headers.get('Set-Cookie')).toBeNull()
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
  })
})

describe('the stand-in pushes events', () => {
  it('sends a signed event to the webhook and reports the portal status, a refusal included', async () => {
    const claimNumber = await deliveredClaim()
    const res = await standIn(`/claims/${claimNumber}/events`, 'POST', { type: 'adjuster.assigned', data: { adjuster: ADJUSTER }, id: 'evt-standin-1' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ delivered: true, status: 200, event: { id: 'evt-standin-1', sequence: 1 } })
    expect((await claimRow(claimNumber)).adjuster_name).toBe(ADJUSTER.name)

    // claim.accepted without a number: the stand-in's own; the next sequence in line.
    const accepted = await (await standIn(`/claims/${claimNumber}/events`, 'POST', { type: 'claim.accepted' })).json()
    expect(accepted).toMatchObject({ delivered: true, status: 200, event: { sequence: 2 } })
    expect((await claimRow(claimNumber)).status).toBe('Open')

    // What the portal refuses is reported as its status.
    const bad = await standIn(`/claims/${claimNumber}/events`, 'POST', { type: 'inspection.scheduled', data: { date: 'soon' } })
    expect(await bad.json()).toMatchObject({ delivered: true, status: 400 })
  })

  it("the page's form sends the deadlines' events: a letter and a decision (decision 212)", async () => {
    const claimNumber = await deliveredClaim()
    for (const fields of <Record<string, string>[]>[
      { type: 'letter.sent', letter: 'bill-of-rights' },
      { type: 'claim.decided', decision: 'denied' },
    ]) {
      const res = await standInFetch(`${STAND_IN}/claims/${claimNumber}/events`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: STAND_IN_ORIGIN },
        body: new URLSearchParams(fields).toString(),
      })
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toMatch(/pushed=200$/)
    }
    const { results } = await env.DB.prepare('SELECT type, payload FROM claim_events WHERE claim_number = ?1 ORDER BY sequence').bind(claimNumber).all()
    expect(results).toEqual([
      { type: 'letter.sent', payload: '{"letter":"bill-of-rights"}' },
      { type: 'claim.decided', payload: '{"outcome":"denied"}' },
    ])
  })

  it('the page lists the claims and offers the form, without script', async () => {
    const claimNumber = await deliveredClaim()
    const res = await api('/__dev/claims-system')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(claimNumber)
    expect(html).toContain(`action="/__dev/claims-system/claims/${claimNumber}/events"`)
  })
})
