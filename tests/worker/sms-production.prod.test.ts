import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import { smsSender } from '../../worker/integrations/sms'
import { api, ORIGIN } from './helpers'

/** ENVIRONMENT=production: no SMS stand-in, and the adapter talks only to the real provider (decision 209). */
const portalEnv = env as unknown as Env

describe('the SMS provider in production', () => {
  it('has no stand-in', async () => {
    for (const [path, method] of [
      ['/__dev/sms', 'GET'],
      ['/__dev/sms/messages', 'GET'],
      ['/__dev/sms/messages', 'POST'],
      ['/__dev/sms/reply', 'POST'],
    ] as const) {
      const res = await api(path, { method, headers: { 'Content-Type': 'application/json', Origin: ORIGIN }, ...(method === 'POST' ? { body: '{}' } : {}) })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
  })

  it('sends at SMS_API_URL with SMS_API_KEY and the outbox row key, and names no origin', async () => {
    const calls: { url: string; headers: Headers; body: unknown }[] = []
    const fetch = async (input: string, init: RequestInit) => {
      calls.push({ url: input, headers: new Headers(init.headers), body: JSON.parse(String(init.body)) })
      return Response.json({ id: 'sms_1' })
    }
    await smsSender(portalEnv, fetch).send({
      to: '+15125550142',
      text: 'ProgHome claim HO-2026-000001: an adjuster has been assigned.',
      idempotencyKey: 'outbox-7',
    })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe(portalEnv.SMS_API_URL)
    expect(calls[0]!.headers.get('Authorization')).toBe(`Bearer ${portalEnv.SMS_API_KEY}`)
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('outbox-7')
    expect(calls[0]!.headers.get('Origin')).toBeNull()
    expect(calls[0]!.body).toEqual({ to: '+15125550142', text: 'ProgHome claim HO-2026-000001: an adjuster has been assigned.' })
  })

  it('a refusal or no answer is a failure the outbox retries', async () => {
    await expect(
      smsSender(portalEnv, async () => new Response('', { status: 503 })).send({ to: '+15125550142', text: 'x', idempotencyKey: 'k' }),
    ).rejects.toThrow('SMS API answered 503')
    await expect(
      smsSender(portalEnv, async () => {
        throw new TypeError('fetch failed')
      }).send({ to: '+15125550142', text: 'x', idempotencyKey: 'k' }),
    ).rejects.toThrow('SMS API: network: network error')
  })
})
