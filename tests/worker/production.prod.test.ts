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
})
