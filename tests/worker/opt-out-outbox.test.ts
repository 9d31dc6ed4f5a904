import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { persona, seed } from './helpers'
import { SsoBrowser, portalEnv, routeOutbound } from './sso-support'
import { localOptOutRecords } from '../../worker/dev/opt-out'
import { backoffMs, drainOutbox, MAX_ATTEMPTS } from '../../worker/services/outbox/outbox'
import type { OptOutRecord } from '../../worker/integrations/opt-out'

/**
 * Issue 29 item 5: a privacy preference is outbox work (channel 'opt-out'), never fire-and-forget. A
 * record the insurer did not take is retried with the outbox's backoff and recorded once it answers;
 * one that never goes through is buried after MAX_ATTEMPTS and listed on /__dev/outbox; a double
 * landing queues once per choice, while a change of mind queues each change. Time moves by passing the
 * drain its clock (no sleeping).
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(() => vi.unstubAllGlobals())

const MULTI = persona('direct.multi').policies.map((p) => p.policyId)
const OTHER = persona('direct.single').policies[0]!.policyId

interface Row {
  id: number
  dedupe_key: string
  status: string
  attempts: number
  next_attempt_at: number
  last_error: string | null
  payload: string
}

/** The policy's opt-out rows in the outbox, oldest first. */
async function rows(policyId: string): Promise<Row[]> {
  const { results } = await env.DB.prepare("SELECT * FROM outbox WHERE channel = 'opt-out' AND dedupe_key LIKE ? ORDER BY id")
    .bind(`opt-out:${policyId}:%`)
    .all<Row>()
  return results
}

/** What the insurer's stand-in recorded for the policy, oldest first. */
const recorded = (policyId: string): Promise<OptOutRecord[]> => localOptOutRecords(env.CACHE as never, policyId)

async function failStandIn(times: number): Promise<void> {
  const res = await new SsoBrowser().fetch('/__dev/opt-out/fail', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ times }),
  })
  expect(res.status).toBe(200)
}

async function land(policyId: string, preference: '0' | '1'): Promise<void> {
  const res = await new SsoBrowser().land({ PPA: 'yes', policyId, fakePingResponse: 'true', PgrOptOutPref: preference })
  expect(res.status).toBe(303)
  expect(res.headers.get('Location')).not.toBe('/error')
}

describe('the opt-out channel', () => {
  it("a landing's preference the insurer refused is kept, retried after its backoff, and recorded once it answers", async () => {
    const policyId = MULTI[0]!
    await failStandIn(1)
    const before = Date.now()
    await land(policyId, '0')
    expect(await recorded(policyId)).toEqual([])
    const [row] = await rows(policyId)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'opt-out not recorded: HTTP 503' })
    expect(row!.next_attempt_at).toBeGreaterThanOrEqual(before + backoffMs(1))

    // Not before its backoff; then delivered, with the time the choice was made.
    expect(await drainOutbox(portalEnv, { channels: ['opt-out'], now: row!.next_attempt_at - 1 })).toMatchObject({ delivered: 0 })
    expect(await drainOutbox(portalEnv, { channels: ['opt-out'], now: row!.next_attempt_at })).toMatchObject({ delivered: 1 })
    const records = await recorded(policyId)
    expect(records).toEqual([expect.objectContaining({ policyId, preference: 0, source: 'sso-landing', gpc: false })])
    expect(Date.parse(records[0]!.recordedAt)).toBeLessThan(row!.next_attempt_at)
    expect((await rows(policyId))[0]).toMatchObject({ status: 'delivered', attempts: 2 })
  })

  it('a double landing queues once per choice, at once or one after the other; a change of mind queues each change', async () => {
    const policyId = MULTI[1]!
    await Promise.all([land(policyId, '0'), land(policyId, '0')])
    await land(policyId, '0')
    expect(await rows(policyId)).toHaveLength(1)
    await land(policyId, '1')
    await land(policyId, '1')
    await land(policyId, '0')
    const queued = await rows(policyId)
    expect(queued.map((r) => JSON.parse(r.payload).preference)).toEqual([0, 1, 0])
    expect(queued.every((r) => r.status === 'delivered')).toBe(true)
    // The insurer's last word is the person's last choice.
    expect((await recorded(policyId)).map((r) => r.preference)).toEqual([0, 1, 0])
  })

  it('a preference that never goes through is buried after the last attempt and listed; the same choice again revives it', async () => {
    const policyId = MULTI[2]!
    await failStandIn(MAX_ATTEMPTS)
    await land(policyId, '0')
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const [row] = await rows(policyId)
      expect(row).toMatchObject({ status: 'pending', attempts: attempt - 1 })
      await drainOutbox(portalEnv, { channels: ['opt-out'], now: row!.next_attempt_at })
    }
    const [dead] = await rows(policyId)
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, last_error: 'opt-out not recorded: HTTP 503' })
    expect(await recorded(policyId)).toEqual([])

    const listed = await (await new SsoBrowser().fetch('/__dev/outbox')).text()
    expect(listed).toContain(`data-outbox-id="${dead!.id}" data-status="dead"`)
    expect(listed).toContain(dead!.dedupe_key)

    // The stand-in's switch is used up: landing with the same choice gives the buried row new attempts.
    await land(policyId, '0')
    expect(await rows(policyId)).toEqual([expect.objectContaining({ id: dead!.id, status: 'delivered', attempts: 1 })])
    expect(await recorded(policyId)).toEqual([expect.objectContaining({ preference: 0 })])
  })

  it('the confirmation page says the choice is recorded only once the insurer has it; the outbox keeps trying meanwhile', async () => {
    const b = new SsoBrowser()
    await b.land({ PPA: 'yes', policyId: OTHER, fakePingResponse: 'true', PgrOptOutPref: '1' })
    await failStandIn(1)
    const page = await (await b.fetch('/privacy/confirmation?PgrOptOutPref=0')).text()
    expect(page).toContain('Your opt-out request applies to this browser only.')
    const waiting = (await rows(OTHER)).at(-1)!
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
    expect(JSON.parse(waiting.payload)).toMatchObject({ preference: 0, source: 'privacy-confirmation' })

    // Nobody comes back to the page: the scheduled drain records it after the backoff.
    await drainOutbox(portalEnv, { channels: ['opt-out'], now: waiting.next_attempt_at })
    expect((await recorded(OTHER)).at(-1)).toMatchObject({ preference: 0, source: 'privacy-confirmation' })
    expect((await rows(OTHER)).map((r) => r.status)).toEqual(['delivered', 'delivered'])
  })
})
