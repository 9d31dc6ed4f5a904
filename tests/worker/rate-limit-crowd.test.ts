import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { Hono, type Context } from 'hono'
import { api, bearer, jsonPost, persona, seed } from './helpers'
import { claimReport, forgetClaimRateCounts, homeownersClaim, JPEG_BYTES, SAM_HOME, uploadClaimFile } from './claims-fixtures'
import { ipBurstLimit } from '../../worker/middleware/rate-limit'
import { TOO_MANY } from '../../worker/middleware/rate-rules'
import type { AppEnv } from '../../worker/types'
import type { Session } from '../../worker/services/identity/session'

/**
 * Issue 25 item 2 (decision 185): after a storm, a shelter's Wi-Fi puts hundreds of policyholders behind
 * one address. Limits are kept per account where there is one: a crowd of signed-in accounts never uses
 * up one another's allowance, while each account and policy is still held to its own.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => forgetClaimRateCounts())

const SHELTER = '198.51.100.25'
const counter = (key: string) => env.DB.prepare('SELECT failures FROM counters WHERE counter_key = ?').bind(key).first<{ failures: number }>()

function fnol(auth: Record<string, string>) {
  const { headers, body } = claimReport(homeownersClaim())
  return api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
    method: 'POST',
    headers: { ...auth, ...headers, 'CF-Connecting-IP': SHELTER, 'Idempotency-Key': `crowd-${crypto.randomUUID()}` },
    body,
  })
}

describe('a crowd behind one address', () => {
  it("serves a signed-in account's files and claims though the address is far past its limits; the policy's 5 an hour still hold", async () => {
    // The crowd as it leaves the counters: 500 claims this hour and the file limit locked, from one address.
    const now = Date.now()
    await env.DB.batch([
      env.DB.prepare('INSERT INTO counters (counter_key, failures, window_start, locked_until) VALUES (?, 500, ?, 0)').bind(
        `rate:claim:ip:${SHELTER}`,
        now - 60_000,
      ),
      env.DB.prepare('INSERT OR REPLACE INTO counters (counter_key, failures, window_start, locked_until) VALUES (?, 5000, ?, ?)').bind(
        `rate:claim-file:ip:${SHELTER}`,
        now - 60_000,
        now + 15 * 60_000,
      ),
    ])
    const auth = await bearer('direct.single')
    const file = await uploadClaimFile(SAM_HOME, auth, JPEG_BYTES, 'roof.jpg', { type: 'image/jpeg', headers: { 'CF-Connecting-IP': SHELTER } })
    expect(file.status).toBe(201)
    for (let i = 0; i < 5; i++) expect((await fnol(auth)).status).toBe(200)
    const sixth = await fnol(auth)
    expect(sixth.status).toBe(429)
    expect(await sixth.json()).toMatchObject({ errorMessage: TOO_MANY })
    // The account's requests did not count against the address (nor were they refused by it).
    expect(await counter(`rate:claim:ip:${SHELTER}`)).toEqual({ failures: 500 })
  })

  it('signing in: right passwords from one address never count; after 100 failures in 15 minutes the address waits', async () => {
    const sam = persona('direct.single')
    const signIn = (password: string) => jsonPost('/v1/profile/login/', { userName: sam.userName, password }, { 'CF-Connecting-IP': SHELTER })
    const key = `rate:login-failed:ip:${SHELTER}`
    // 99 failed sign-ins this quarter hour from the shelter (other people's typos), as they leave the counter.
    await env.DB.prepare('INSERT OR REPLACE INTO counters (counter_key, failures, window_start, locked_until) VALUES (?, 99, ?, 0)').bind(key, Date.now()).run()
    for (let i = 0; i < 3; i++) expect((await signIn(sam.password)).status).toBe(200)
    expect(await counter(key)).toEqual({ failures: 99 })
    expect((await signIn('Wrong#Password1')).status).toBe(401) // the 100th failure
    const paused = await signIn(sam.password)
    expect(paused.status).toBe(429)
    expect(Number(paused.headers.get('Retry-After'))).toBeGreaterThan(60)
    await env.DB.prepare('DELETE FROM counters WHERE counter_key = ?').bind(key).run()
  })

  it("counts a signed-in account's lookup burst per account, an anonymous one (sign-in) per address", async () => {
    const keys: string[] = []
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key)
        return { success: true }
      },
    }
    const app = new Hono<AppEnv>()
    const refusals = { tooMany: (c: Context) => c.text('no', 429) }
    const session = (profileId: string) => ({ id: `s-${profileId}`, kind: 'direct', profileId }) as Session
    app.use(async (c, next) => {
      const who = c.req.header('X-Who')
      c.set('session', who ? session(who) : null)
      await next()
    })
    app.post('/account', ipBurstLimit(refusals, { perAccount: true }), (c) => c.text('ok'))
    app.post('/login', ipBurstLimit(refusals), (c) => c.text('ok'))
    const send = (path: string, who?: string) =>
      app.request(path, { method: 'POST', headers: { 'CF-Connecting-IP': SHELTER, ...(who ? { 'X-Who': who } : {}) } }, { IP_LIMITER: limiter })
    for (const r of [await send('/account', 'p1'), await send('/account', 'p2'), await send('/account'), await send('/login', 'p1')]) expect(r.status).toBe(200)
    expect(keys).toEqual(['account:profile:p1', 'account:profile:p2', `ip:${SHELTER}`, `ip:${SHELTER}`])
  })
})
