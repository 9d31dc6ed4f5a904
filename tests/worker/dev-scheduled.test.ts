import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { Browser, seed } from './helpers'
import { enqueue } from '../../worker/services/outbox/outbox'

/**
 * Issue 20 item 12: wrangler's /cdn-cgi/handler/scheduled answers 500 locally while wrangler.toml has
 * [assets], so development runs the cron's work with POST /__dev/scheduled: the same function the
 * scheduled handler runs (worker/scheduled-work.ts), answering what it did. Production: a 404
 * (tests/worker/production.prod.test.ts).
 */

beforeAll(() => seed())

const unique = () => crypto.randomUUID()

async function mailRow(to: string) {
  return env.DB.prepare("SELECT status, attempts FROM outbox WHERE channel = 'mail' AND json_extract(payload, '$.to') = ?")
    .bind(to)
    .first<{ status: string; attempts: number }>()
}

describe('POST /__dev/scheduled', () => {
  it('delivers a queued mail and forgets expired idempotent answers, and answers JSON saying so', async () => {
    expect((await new Browser().fetch('/__dev/mailbox/fail', { method: 'DELETE' })).status).toBe(204)
    const to = `scheduled.${unique()}@example.com`
    await enqueue(env.DB, {
      channel: 'mail',
      payload: { kind: 'password-changed', to, subject: 'Scheduled test', text: 'hello' },
      dedupeKey: `test:${unique()}`,
      at: Date.now() - 1,
    }).run()
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (key_hash, request_hash, state, owner, locked_until, created_at, expires_at) VALUES (?1, 'h', 'done', 'o', 0, 0, 1)",
    )
      .bind(`expired-${unique()}`)
      .run()
    expect(await mailRow(to)).toMatchObject({ status: 'pending', attempts: 0 })

    const res = await new Browser().fetch('/__dev/scheduled', { method: 'POST' })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    const report = (await res.json()) as { outbox: { delivered: number; retried: number; dead: number }; idempotencyPurged: number }
    expect(report.outbox.delivered).toBeGreaterThanOrEqual(1)
    expect(report.idempotencyPurged).toBeGreaterThanOrEqual(1)
    expect(await mailRow(to)).toMatchObject({ status: 'delivered', attempts: 1 })
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM idempotency_keys WHERE expires_at <= 1').first<{ n: number }>()).toEqual({ n: 0 })
  })

  it('drains a backlog larger than one batch in one run (a storm: decision 185)', async () => {
    expect((await new Browser().fetch('/__dev/mailbox/fail', { method: 'DELETE' })).status).toBe(204)
    const batch = `backlog.${unique()}`
    const rows = Array.from({ length: 60 }, (_, i) =>
      enqueue(env.DB, {
        channel: 'mail',
        payload: { kind: 'password-changed', to: `${batch}.${i}@example.com`, subject: 'Backlog', text: 'hello' },
        dedupeKey: `test:${batch}:${i}`,
        at: Date.now() - 1,
      }),
    )
    await env.DB.batch(rows)
    const res = await new Browser().fetch('/__dev/scheduled', { method: 'POST' })
    expect(((await res.json()) as { outbox: { delivered: number } }).outbox.delivered).toBeGreaterThanOrEqual(60)
    const prefix = `test:${batch}:`
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE substr(dedupe_key, 1, ?) = ? AND status <> 'delivered'")
      .bind(prefix.length, prefix)
      .first<{ n: number }>()
    expect(left).toEqual({ n: 0 })
  })

  it('is only a POST', async () => {
    expect((await new Browser().fetch('/__dev/scheduled')).status).toBe(404)
  })
})
