import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import type { Env } from '../../worker/env'
import { seed, persona, Browser, ORIGIN } from './helpers'
import { apiSettled } from './sso-support'
import { backoffMs, drainOutbox, enqueue, BACKOFF_CAP_MS, LEASE_MS, MAX_ATTEMPTS } from '../../worker/services/outbox/outbox'
import { PermanentDeliveryError, type DeliveryMeta, type OutboxHandler } from '../../worker/services/outbox/outbox-delivery'
import { OUTBOX_CHANNELS, type OutboxChannel } from '../../worker/services/outbox/outbox-queue'
import { OUTBOX_HANDLERS } from '../../worker/services/outbox/outbox-handlers'

/**
 * Issue 9 section 4: one outbox. A stand-in handler that fails on demand (injected for one drain, as the
 * cron handler would run it) shows the retries with backoff, that nothing is lost or delivered twice,
 * the dead letter after MAX_ATTEMPTS and its place on /__dev/outbox. The mail stand-in's own failure
 * switch shows the same through a real request. Every row here is on a channel of its own test (a
 * unique dedupe key and payload), and drains are limited to what they must see, so tests stay apart.
 */

const portalEnv = env as unknown as Env
const ENTRY = '../../worker/index'

beforeAll(() => seed())

interface Row {
  id: number
  channel: string
  payload: string
  status: string
  attempts: number
  next_attempt_at: number
  lease_until: number
  last_error: string | null
  delivered_at: number | null
  dead_at: number | null
}

const unique = () => crypto.randomUUID()

async function queue(channel: OutboxChannel, payload: unknown, at: number, dedupeKey = `test:${unique()}`): Promise<Row> {
  await enqueue(env.DB, { channel, payload, dedupeKey, at }).run()
  return (await env.DB.prepare('SELECT * FROM outbox WHERE dedupe_key = ?').bind(dedupeKey).first<Row>())!
}

async function row(id: number): Promise<Row> {
  return (await env.DB.prepare('SELECT * FROM outbox WHERE id = ?').bind(id).first<Row>())!
}

/** A receiving system that records deliveries by payload marker, and fails while told to. */
function standIn(opts: { failures?: number; permanent?: boolean } = {}) {
  let failures = opts.failures ?? 0
  const delivered: string[] = []
  const seen: DeliveryMeta[] = []
  const handler: OutboxHandler = async (_env, payload, meta) => {
    seen.push(meta)
    if (failures > 0) {
      failures -= 1
      if (opts.permanent) throw new PermanentDeliveryError('receiver refused it for good')
      throw new Error('receiver answered 503')
    }
    delivered.push((payload as { marker: string }).marker)
  }
  return { handler, delivered, seen }
}

/** Drains only the test's channel through the stand-in (claim-notice has no handler of its own yet). */
function drainWith(handler: OutboxHandler, now: number, channel: OutboxChannel = 'claim-notice') {
  return drainOutbox(portalEnv, { channels: [channel], handlers: { [channel]: handler }, now })
}

/** Removes the rows other tests left on the shared test channel, so a drain sees only this test's rows. */
async function clearChannel(channel: OutboxChannel = 'claim-notice') {
  await env.DB.prepare('DELETE FROM outbox WHERE channel = ?').bind(channel).run()
}

describe('enqueue', () => {
  it('queues a message once per dedupe key, in the same batch as the business rows', async () => {
    const key = `claim-notice:${unique()}`
    const at = Date.now()
    const stmts = [
      env.DB.prepare("INSERT INTO audit_log (at, request_id, event, detail) VALUES (?, 'test', 'claim.filed', ?)").bind(at, key),
      enqueue(env.DB, { channel: 'claim-notice', payload: { marker: 'first' }, dedupeKey: key, at }),
    ]
    await env.DB.batch(stmts)
    // A retried request writes the same message again: a no-op.
    await env.DB.batch([enqueue(env.DB, { channel: 'claim-notice', payload: { marker: 'second' }, dedupeKey: key, at: at + 1 })])
    const { results } = await env.DB.prepare('SELECT payload, status, attempts FROM outbox WHERE dedupe_key = ?').bind(key).all<Row>()
    expect(results).toEqual([{ payload: JSON.stringify({ marker: 'first' }), status: 'pending', attempts: 0 }])
  })

  it('is rolled back with the business rows when the batch fails: no message without its business change', async () => {
    const key = `claim-notice:${unique()}`
    const at = Date.now()
    await expect(
      env.DB.batch([
        enqueue(env.DB, { channel: 'claim-notice', payload: { marker: 'orphan' }, dedupeKey: key, at }),
        env.DB.prepare('INSERT INTO no_such_table VALUES (1)'),
      ]),
    ).rejects.toThrow()
    expect(await env.DB.prepare('SELECT id FROM outbox WHERE dedupe_key = ?').bind(key).first()).toBeNull()
  })
})

describe('drainOutbox with a failing receiver', () => {
  it('retries with exponential backoff, capped, and loses nothing: the failed message stays pending, payload intact', async () => {
    await clearChannel()
    const t0 = Date.parse('2031-03-01T12:00:00Z')
    const queued = await queue('claim-notice', { marker: 'retry-me', secret: 'claim-body-text' }, t0)
    const receiver = standIn({ failures: 6 })

    let now = t0
    const waits: number[] = []
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect(await drainWith(receiver.handler, now)).toEqual({ delivered: 0, retried: 1, dead: 0 })
      const r = await row(queued.id)
      expect(r).toMatchObject({ status: 'pending', attempts: attempt, last_error: 'receiver answered 503', payload: queued.payload })
      expect(r.last_error).not.toContain('claim-body-text')
      waits.push(r.next_attempt_at - now)
      // One moment before the wait is over: not tried.
      expect(await drainWith(receiver.handler, r.next_attempt_at - 1)).toEqual({ delivered: 0, retried: 0, dead: 0 })
      now = r.next_attempt_at
    }
    expect(waits).toEqual([30_000, 120_000, 480_000, 1_920_000, BACKOFF_CAP_MS, BACKOFF_CAP_MS])
    expect(waits).toEqual([1, 2, 3, 4, 5, 6].map(backoffMs))
    expect(receiver.seen.map((m) => m.attempt)).toEqual([1, 2, 3, 4, 5, 6])

    // The receiver is back: delivered once, with the payload it was queued with.
    expect(await drainWith(receiver.handler, now)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(receiver.delivered).toEqual(['retry-me'])
    expect(await row(queued.id)).toMatchObject({ status: 'delivered', attempts: 7, delivered_at: now, last_error: null })
    expect(await drainWith(receiver.handler, now + 86_400_000)).toEqual({ delivered: 0, retried: 0, dead: 0 })
    expect(receiver.delivered).toEqual(['retry-me'])
  })

  it('once a retried message gets through, the others the receiver refused are due at once, not after their own backoff', async () => {
    await clearChannel()
    const t0 = Date.parse('2031-04-01T12:00:00Z')
    // A long outage: the first claim's notice has failed 5 times (its next try is an hour away)...
    const old = await queue('claim-notice', { marker: 'early-claim' }, t0)
    const down = standIn({ failures: 6 })
    let now = t0
    for (let i = 0; i < 5; i++) {
      await drainWith(down.handler, now)
      now = (await row(old.id)).next_attempt_at
    }
    now -= BACKOFF_CAP_MS - 1_000 // the fifth wait (an hour) has just begun
    // ...a later claim's notice failed once (30 s)...
    const recent = await queue('claim-notice', { marker: 'late-claim' }, now)
    expect(await drainWith(down.handler, now)).toEqual({ delivered: 0, retried: 1, dead: 0 })
    expect((await row(old.id)).next_attempt_at - now).toBeGreaterThan(50 * 60_000)

    // ...then the receiver is back: the later notice's retry gets through and the earlier one is due at once.
    const up = standIn()
    now = (await row(recent.id)).next_attempt_at
    expect(await drainWith(up.handler, now)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect((await row(old.id)).next_attempt_at).toBe(now)
    expect(await drainWith(up.handler, now)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(up.delivered).toEqual(['late-claim', 'early-claim'])
  })

  it('payment settlement keeps each wait: a settled payment says nothing about another the processor does not know yet', async () => {
    await env.DB.prepare("DELETE FROM outbox WHERE channel = 'payment-settle' AND dedupe_key LIKE 'test:%'").run()
    const t0 = Date.parse('2031-05-01T12:00:00Z')
    const waiting = await queue('payment-settle', { marker: 'unknown-yet' }, t0)
    const later = await queue('payment-settle', { marker: 'known' }, t0)
    const first = standIn({ failures: 2 })
    const handlers = { 'payment-settle': first.handler }
    expect(await drainOutbox(portalEnv, { channels: ['payment-settle'], handlers, now: t0 })).toMatchObject({ retried: 2 })
    const next = (await row(later.id)).next_attempt_at
    await env.DB.prepare('UPDATE outbox SET next_attempt_at = ? WHERE id = ?')
      .bind(next + 600_000, waiting.id)
      .run()
    expect(await drainOutbox(portalEnv, { channels: ['payment-settle'], handlers, now: next })).toMatchObject({ delivered: 1 })
    expect((await row(waiting.id)).next_attempt_at).toBe(next + 600_000)
  })

  it(`is a dead letter after ${MAX_ATTEMPTS} failed attempts, never tried again, and listed on /__dev/outbox without its payload`, async () => {
    await clearChannel()
    let now = Date.parse('2031-03-02T12:00:00Z')
    const queued = await queue('claim-notice', { marker: 'doomed', secret: 'policyholder-private-text' }, now)
    const receiver = standIn({ failures: 1000 })
    const reports = []
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      reports.push(await drainWith(receiver.handler, now))
      now = (await row(queued.id)).next_attempt_at
    }
    expect(reports.at(-1)).toEqual({ delivered: 0, retried: 0, dead: 1 })
    expect(reports.slice(0, -1).every((r) => r.retried === 1)).toBe(true)
    const dead = await row(queued.id)
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, last_error: 'receiver answered 503', delivered_at: null })
    expect(dead.dead_at).not.toBeNull()
    expect(await drainWith(receiver.handler, now + 30 * 86_400_000)).toEqual({ delivered: 0, retried: 0, dead: 0 })
    expect(receiver.seen).toHaveLength(MAX_ATTEMPTS)

    const page = await new Browser().fetch('/__dev/outbox')
    expect(page.status).toBe(200)
    const html = await page.text()
    const deadSection = html.slice(html.indexOf('id="outbox-dead"'), html.indexOf('id="outbox-waiting"'))
    expect(deadSection).toMatch(new RegExp(`data-outbox-id="${queued.id}" data-status="dead"`))
    expect(deadSection).toContain('receiver answered 503')
    expect(deadSection).toContain(`${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}`)
    expect(html).not.toContain('policyholder-private-text')
  })

  it('a permanent failure is a dead letter at once', async () => {
    await clearChannel()
    const now = Date.parse('2031-03-03T12:00:00Z')
    const queued = await queue('claim-notice', { marker: 'refused' }, now)
    expect(await drainWith(standIn({ failures: 1, permanent: true }).handler, now)).toEqual({ delivered: 0, retried: 0, dead: 1 })
    expect(await row(queued.id)).toMatchObject({ status: 'dead', attempts: 1, last_error: 'receiver refused it for good' })
  })

  it('a payload that is not JSON is a dead letter, and its text is not the error', async () => {
    await clearChannel()
    const now = Date.parse('2031-03-04T12:00:00Z')
    const key = `test:${unique()}`
    await env.DB.prepare("INSERT INTO outbox (channel, dedupe_key, payload, next_attempt_at, created_at) VALUES ('claim-notice', ?, '{broken secret', ?, ?)")
      .bind(key, now, now)
      .run()
    const receiver = standIn()
    expect(await drainWith(receiver.handler, now)).toEqual({ delivered: 0, retried: 0, dead: 1 })
    const r = (await env.DB.prepare('SELECT * FROM outbox WHERE dedupe_key = ?').bind(key).first<Row>())!
    expect(r).toMatchObject({ status: 'dead', last_error: 'payload is not JSON' })
    expect(receiver.seen).toHaveLength(0)
  })
})

describe('no duplicate delivery', () => {
  it('parallel drains deliver each message exactly once', async () => {
    await clearChannel()
    const now = Date.parse('2031-03-05T12:00:00Z')
    const markers = Array.from({ length: 12 }, (_, i) => `parallel-${i}`)
    for (const marker of markers) await queue('claim-notice', { marker }, now)
    const receiver = standIn()
    const reports = await Promise.all(Array.from({ length: 4 }, () => drainWith(receiver.handler, now)))
    expect(reports.reduce((n, r) => n + r.delivered, 0)).toBe(markers.length)
    expect([...receiver.delivered].sort()).toEqual([...markers].sort())
  })

  it('a leased message is not delivered by another drain until its lease runs out (a drain that died)', async () => {
    await clearChannel()
    const now = Date.parse('2031-03-06T12:00:00Z')
    const queued = await queue('claim-notice', { marker: 'held' }, now)
    // A drain takes the row and stops answering (its worker died mid-delivery).
    let entered!: () => void
    let wakeUp!: () => void
    const inside = new Promise<void>((resolve) => (entered = resolve))
    const stuck: OutboxHandler = async () => {
      entered()
      await new Promise<void>((resolve) => (wakeUp = resolve))
    }
    const stuckDrain = drainWith(stuck, now)
    await inside
    expect(await row(queued.id)).toMatchObject({ status: 'leased', attempts: 1, lease_until: now + LEASE_MS })

    const receiver = standIn()
    expect(await drainWith(receiver.handler, now + LEASE_MS - 1)).toEqual({ delivered: 0, retried: 0, dead: 0 })
    expect(receiver.delivered).toEqual([])
    // Once the lease is over, the message is not lost: the next drain delivers it (a second attempt).
    expect(await drainWith(receiver.handler, now + LEASE_MS)).toEqual({ delivered: 1, retried: 0, dead: 0 })
    expect(receiver.delivered).toEqual(['held'])
    const delivered = await row(queued.id)
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2 })
    // The old drain comes back: its lease is gone, so it changes nothing.
    wakeUp()
    await stuckDrain
    expect(await row(queued.id)).toEqual(delivered)
  })

  // No message is queued where nothing delivers it (decision 080; the table's type says so too).
  it('every channel has a handler', () => {
    for (const channel of OUTBOX_CHANNELS) expect(OUTBOX_HANDLERS[channel], channel).toBeTypeOf('function')
  })
})

describe('mail through the outbox', () => {
  async function mailRows(to: string): Promise<Row[]> {
    const { results } = await env.DB.prepare("SELECT * FROM outbox WHERE channel = 'mail' AND json_extract(payload, '$.to') = ? ORDER BY id")
      .bind(to)
      .all<Row>()
    return results
  }

  it('a refused mail stays queued with its error, is retried by the drain, and reaches the dev mailbox', async () => {
    const p = persona('direct.single')
    const fail = await new Browser().fetch('/__dev/mailbox/fail', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ times: 1 }),
    })
    expect(fail.status).toBe(200)
    const before = (await mailRows(p.email)).length
    const res = await apiSettled('/v1/profile/password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ Email: p.email }),
    })
    expect(res.status).toBe(200)
    const queued = (await mailRows(p.email)).slice(before)
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ status: 'pending', attempts: 1, last_error: 'mail API answered 503' })
    expect(queued[0]!.last_error).not.toContain('reset-password')

    await drainOutbox(portalEnv, { channels: ['mail'], now: queued[0]!.next_attempt_at })
    expect(await row(queued[0]!.id)).toMatchObject({ status: 'delivered', attempts: 2 })
    const mailbox = await (await new Browser().fetch('/__dev/mailbox')).text()
    expect(mailbox).toContain(p.email)
  })

  it('a slow mail stand-in ({delayMs}, the storm benchmark) still delivers; a delay out of range is a 400', async () => {
    const post = (body: unknown) =>
      new Browser().fetch('/__dev/mailbox/fail', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    expect((await post({ delayMs: 0 })).status).toBe(400)
    expect((await post({ delayMs: 5, times: 2 })).status).toBe(400)
    const slow = await post({ delayMs: 5 })
    expect(await slow.json()).toEqual({ delayMs: 5 })
    const to = `slow.${unique()}@example.com`
    await enqueue(env.DB, {
      channel: 'mail',
      payload: { kind: 'password-changed', to, subject: 'Slow', text: 'hello' },
      dedupeKey: `test:${unique()}`,
      at: 0,
    }).run()
    await drainOutbox(portalEnv, { channels: ['mail'] })
    expect((await mailRows(to))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
    expect((await new Browser().fetch('/__dev/mailbox/fail', { method: 'DELETE' })).status).toBe(204)
  })

  it('the cron handler drains the outbox', async () => {
    expect((await new Browser().fetch('/__dev/mailbox/fail', { method: 'DELETE' })).status).toBe(204)
    const to = `cron.${unique()}@example.com`
    const at = Date.now() - 1
    await enqueue(env.DB, {
      channel: 'mail',
      payload: { kind: 'password-changed', to, subject: 'Cron test', text: 'hello' },
      dedupeKey: `test:${unique()}`,
      at,
    }).run()
    expect((await mailRows(to))[0]).toMatchObject({ status: 'pending', attempts: 0 })
    const worker = ((await import(/* @vite-ignore */ ENTRY)) as { default: { scheduled(c: unknown, e: unknown, x: ExecutionContext): Promise<void> } }).default
    const ctx = createExecutionContext()
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '* * * * *' }), env, ctx)
    await waitOnExecutionContext(ctx)
    expect((await mailRows(to))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
  })
})

describe('/__dev/outbox', () => {
  it('puts a dead letter back in the queue on Retry', async () => {
    await clearChannel('vendor-dispatch')
    const now = Date.parse('2031-03-08T12:00:00Z')
    const queued = await queue('vendor-dispatch', { marker: 'retry-from-page' }, now)
    await drainWith(standIn({ failures: 1, permanent: true }).handler, now, 'vendor-dispatch')
    expect((await row(queued.id)).status).toBe('dead')
    const res = await new Browser().fetch(`/__dev/outbox/${queued.id}/retry`, { method: 'POST', headers: { Origin: ORIGIN } })
    expect(res.status).toBe(303)
    expect(await row(queued.id)).toMatchObject({ status: 'pending', attempts: 0, dead_at: null })
  })
})
