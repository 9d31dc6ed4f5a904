import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { Browser, seed } from './helpers'
import { enqueue } from '../../worker/services/outbox/outbox'
import { portalNow } from '../../worker/lib/clock'

/**
 * Issue 22 item 5: in development a tester moves the portal's clock with POST /__dev/clock; every
 * request and the scheduled work read it (services/clock.ts); {"now": null} gives the system clock back.
 * Production: a 404 (tests/worker/production.prod.test.ts); other hosts and callers: tests/security.
 */
beforeAll(() => seed())
afterEach(() => setClock(null))

const DAY = 86_400_000

async function setClock(now: string | null): Promise<Response> {
  return new Browser().fetch('/__dev/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ now }) })
}

describe('POST /__dev/clock', () => {
  it('moves the clock every request reads, lets it run on, and gives it back', async () => {
    const res = await setClock('2031-03-04T15:00:00Z')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { now: string; moved: boolean }
    expect(body.moved).toBe(true)
    expect(Date.parse(body.now) - Date.parse('2031-03-04T15:00:00Z')).toBeGreaterThanOrEqual(0)
    expect(Date.parse(body.now) - Date.parse('2031-03-04T15:00:00Z')).toBeLessThan(60_000)
    const seen = await portalNow(env)
    expect(seen - Date.parse('2031-03-04T15:00:00Z')).toBeLessThan(60_000)

    const read = (await (await new Browser().fetch('/__dev/clock')).json()) as { now: string }
    expect(Date.parse(read.now)).toBeGreaterThanOrEqual(Date.parse(body.now))

    const back = (await (await setClock(null)).json()) as { now: string; moved: boolean }
    expect(back.moved).toBe(false)
    expect(Math.abs(Date.parse(back.now) - Date.now())).toBeLessThan(60_000)
  })

  it('runs the scheduled work at the moved time: a message due in ten days leaves only then', async () => {
    const to = `clock.${crypto.randomUUID()}@example.com`
    await enqueue(env.DB, {
      channel: 'mail',
      payload: { kind: 'password-changed', to, subject: 'Later', text: 'hello' },
      dedupeKey: `test:${crypto.randomUUID()}`,
      at: Date.now() + 10 * DAY,
    }).run()
    const status = async () =>
      (await env.DB.prepare("SELECT status FROM outbox WHERE json_extract(payload, '$.to') = ?").bind(to).first<{ status: string }>())?.status
    expect((await new Browser().fetch('/__dev/scheduled', { method: 'POST' })).status).toBe(200)
    expect(await status()).toBe('pending')
    await setClock(new Date(Date.now() + 11 * DAY).toISOString())
    expect((await new Browser().fetch('/__dev/scheduled', { method: 'POST' })).status).toBe(200)
    expect(await status()).toBe('delivered')
  })

  it('refuses anything but an ISO date-time or null, and changes nothing', async () => {
    for (const body of [{}, { now: 'tomorrow' }, { now: 1234 }, { now: '2031-03-04' }]) {
      const res = await new Browser().fetch('/__dev/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect(await env.CACHE.get('dev:clock')).toBeNull()
  })
})
