import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { api } from './helpers'

describe('ENVIRONMENT=production', () => {
  it('runs as production', () => {
    expect(env.ENVIRONMENT).toBe('production')
  })

  it('has no local stand-ins', async () => {
    for (const path of [
      '/__dev/mailbox',
      '/__dev/mailbox/1/attachments/0',
      '/__dev/identity/pickup',
      '/__dev/partner-logs',
      '/__dev/outbox',
      '/__dev/styles',
    ]) {
      const res = await api(path)
      expect(res.status, path).toBe(404)
    }
  })

  it('has no development route to the scheduled work (issue 20 item 12)', async () => {
    const res = await api('/__dev/scheduled', { method: 'POST' })
    expect(res.status).toBe(404)
  })

  it('has no clock a tester can move (issue 22 item 5)', async () => {
    const res = await api('/__dev/clock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ now: '2030-01-01T00:00:00Z' }),
    })
    expect(res.status).toBe(404)
    expect(await env.CACHE.get('dev:clock')).toBeNull()
  })
})
