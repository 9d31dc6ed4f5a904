import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { persona, seed } from './helpers'
import { SsoBrowser } from './sso-support'
import { createHttpMailTransport } from '../../worker/integrations/mail/http-adapter'
import { deliverMail } from '../../worker/services/outbox/deliver-mail'
import { optOutHttpAdapter } from '../../worker/integrations/opt-out/http'
import { localOptOutRecords } from '../../worker/dev/opt-out'
import { partnerLogsHttpAdapter } from '../../worker/integrations/partner-logs/http'
import { drainOutbox, enqueue, backoffMs } from '../../worker/services/outbox/outbox'
import { partnerLogHandler } from '../../worker/services/sso/partner-log-delivery'
import type { MailMessage } from '../../worker/integrations/mail/port'
import type { Env } from '../../worker/env'

/**
 * Issue 14 "Faults", the outside systems (decision 144): their real HTTP adapters against an upstream
 * the test controls (a 5xx, or one that never answers), and the local stand-ins' own fail switches.
 * Timeouts are the adapters' own AbortSignal with a 5 ms budget against an upstream that never
 * answers: no sleeping, and the fetch is seen to be aborted. The identity service (sso-identity) and the
 * payment processor (payments-processor, payments-api) have theirs in their own suites.
 */

const portalEnv = env as unknown as Env

beforeAll(seed)

type Upstream = (input: string, init: RequestInit) => Promise<Response>

/** An upstream that never answers; `aborted` says whether the adapter gave up on it. */
function silent(): { fetch: Upstream; aborted: () => number } {
  let aborted = 0
  return {
    aborted: () => aborted,
    fetch: (_input, init) =>
      new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => {
          aborted += 1
          reject(init.signal?.reason)
        })
      }),
  }
}

const down: Upstream = async () => new Response('upstream down', { status: 503 })

describe('mail: the HTTP adapter through the one outbox', () => {
  it('a 5xx, then no answer, then acceptance: the message stays queued with its body, and is sent once, with one Idempotency-Key', async () => {
    const to = `faults.${crypto.randomUUID()}@example.com`
    const message: MailMessage = { kind: 'password-changed', to, subject: 'Your ProgHome password was changed', text: 'body kept until sent' }
    const now = Date.now()
    await enqueue(env.DB, { channel: 'mail', payload: message, dedupeKey: `faults:${to}`, at: now }).run()
    const row = () => env.DB.prepare('SELECT * FROM outbox WHERE dedupe_key = ?').bind(`faults:${to}`).first<Record<string, unknown>>()

    const hang = silent()
    const seen: { key: string | null; accepted: boolean }[] = []
    let attempt = 0
    const upstream: Upstream = async (input, init) => {
      const mine = String(init.body).includes(to)
      if (!mine) return new Response(null, { status: 202 })
      attempt += 1
      const key = new Headers(init.headers).get('Idempotency-Key')
      if (attempt === 1) {
        seen.push({ key, accepted: false })
        return down(input, init)
      }
      if (attempt === 2) {
        seen.push({ key, accepted: false })
        return hang.fetch(input, init)
      }
      seen.push({ key, accepted: true })
      return new Response(null, { status: 202 })
    }
    const transport = createHttpMailTransport({ url: 'https://mail.example/v1/send', apiKey: 'k', fetch: upstream as typeof fetch, timeoutMs: 5 })
    const handlers = { mail: (e: Env, p: unknown, meta: { id: number }) => deliverMail(e, p as MailMessage, meta.id, transport) }

    await drainOutbox(portalEnv, { channels: ['mail'], handlers, now })
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'mail API answered 503' })
    expect(JSON.parse(String((await row())!.payload))).toEqual(message)

    await drainOutbox(portalEnv, { channels: ['mail'], handlers, now: now + backoffMs(1) })
    expect(hang.aborted()).toBe(1)
    expect(await row()).toMatchObject({ status: 'pending', attempts: 2 })
    expect(String((await row())!.last_error)).toMatch(/timeout|abort/i)

    await drainOutbox(portalEnv, { channels: ['mail'], handlers, now: now + backoffMs(1) + backoffMs(2) })
    expect(await row()).toMatchObject({ status: 'delivered', attempts: 3 })
    // Later drains never send it again.
    await drainOutbox(portalEnv, { channels: ['mail'], handlers, now: now + 24 * 60 * 60_000 })
    expect(seen).toHaveLength(3)
    expect(seen.filter((s) => s.accepted)).toHaveLength(1)
    expect(new Set(seen.map((s) => s.key))).toEqual(new Set([`outbox-${(await row())!.id}`]))
  })
})

describe('opt-out: a preference the insurer could not record', () => {
  it('the HTTP adapter: a 5xx and a timeout are "not recorded", never a throw', async () => {
    const record = { policyId: 'HOM4020001', preference: 0 as const, source: 'privacy-confirmation' as const, gpc: false }
    expect(await optOutHttpAdapter({ url: 'https://privacy-api.example/preferences', fetch: down }).record({ ...record, recordedAt: '' })).toEqual({
      ok: false,
      detail: 'HTTP 503',
    })
    const hang = silent()
    const adapter = optOutHttpAdapter({ url: 'https://privacy-api.example/preferences', fetch: hang.fetch, timeoutMs: 5 })
    expect(await adapter.record({ ...record, recordedAt: '' })).toEqual({ ok: false, detail: 'timeout' })
    expect(hang.aborted()).toBe(1)
  })

  it("the page, with the stand-in told to fail: the choice kept in the browser, the spec's browser-only text, 200; then recorded once", async () => {
    const policyId = persona('direct.single').policies[0]!.policyId
    const b = new SsoBrowser()
    await b.land({ PPA: 'yes', policyId, fakePingResponse: 'true' })
    const before = (await localOptOutRecords(env.CACHE as never, policyId)).length
    const fail = await b.fetch('/__dev/opt-out/fail', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"times":1}' })
    expect(fail.status).toBe(200)

    const res = await b.fetch('/privacy/confirmation?PgrOptOutPref=0')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Your opt-out request applies to this browser only.')
    expect(html).not.toContain('Your request has successfully been processed.')
    expect(decodeURIComponent(b.cookies.get('PgrOptOutPref')!)).toBe('C0004:0')
    expect(await localOptOutRecords(env.CACHE as never, policyId)).toHaveLength(before)

    // The switch is used up: the same choice again is recorded, once.
    const again = await b.fetch('/privacy/confirmation?PgrOptOutPref=0')
    expect(await again.text()).toContain('Your request has successfully been processed.')
    expect(await localOptOutRecords(env.CACHE as never, policyId)).toHaveLength(before + 1)
  })
})

describe('partner logs: a partner that does not answer', () => {
  it('the HTTP adapter gives up within its timeout; the entry stays queued with its token and is sent once when the partner answers', async () => {
    const hang = silent()
    expect(await partnerLogsHttpAdapter({ url: 'https://partner.example/app-logs', fetch: hang.fetch, timeoutMs: 5 }).send({} as never, 't')).toEqual({
      ok: false,
      status: null,
      detail: 'timeout',
    })
    expect(hang.aborted()).toBe(1)

    const now = Date.now()
    const transactionId = `faults-${crypto.randomUUID()}`
    const payload = {
      transactionId,
      entry: { ApplicationName: 'portal', LogLevel: 1, Message: 'faults', TransactionDateTime: new Date(now).toISOString(), TransactionId: transactionId },
      token: 'partner-token-faults',
      tokenExpiresAt: now + 60 * 60_000,
    }
    await enqueue(env.DB, { channel: 'partner-log', payload, dedupeKey: `faults:${transactionId}`, at: now }).run()
    const row = () => env.DB.prepare('SELECT * FROM outbox WHERE dedupe_key = ?').bind(`faults:${transactionId}`).first<Record<string, unknown>>()

    const silentPartner = silent()
    const timingOut = partnerLogsHttpAdapter({ url: 'https://partner.example/app-logs', fetch: silentPartner.fetch, timeoutMs: 5 })
    await drainOutbox(portalEnv, { channels: ['partner-log'], handlers: { 'partner-log': partnerLogHandler(timingOut) }, now })
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'timeout' })
    expect(JSON.parse(String((await row())!.payload)).token).toBe('partner-token-faults')

    const received: string[] = []
    const answering = partnerLogsHttpAdapter({
      url: 'https://partner.example/app-logs',
      fetch: async (_input, init) => {
        if (String(init.body).includes(transactionId)) received.push(String(init.body))
        return new Response(null, { status: 200 })
      },
    })
    const handlers = { 'partner-log': partnerLogHandler(answering) }
    await drainOutbox(portalEnv, { channels: ['partner-log'], handlers, now: now + backoffMs(1) })
    await drainOutbox(portalEnv, { channels: ['partner-log'], handlers, now: now + backoffMs(1) + backoffMs(2) })
    expect(received).toHaveLength(1)
    expect(await row()).toMatchObject({ status: 'delivered', attempts: 2 })
  })
})
