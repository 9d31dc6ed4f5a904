import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest'
import { env, exports } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import type { Fetcher } from '@cloudflare/workers-types'
import { seed, persona } from '../worker/helpers'

/**
 * ASVS V14.3.2, issue 13 item 1, decision 120: run under ENVIRONMENT=production AND under
 * ENVIRONMENT=staging (vitest.worker.prod.config.ts, vitest.worker.staging.config.ts). Every deployed
 * environment refuses the local stand-ins, even to the most trusted-looking request: addressed to
 * loopback, from loopback.
 */
const worker = (exports as unknown as { default: Fetcher }).default
const SINGLE = persona('direct.single')
const POLICY = SINGLE.policies[0]!.policyId
const LOOPBACK = 'http://127.0.0.1:8787'
const FROM_LOOPBACK = { 'CF-Connecting-IP': '127.0.0.1' }

function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  return worker.fetch(`${LOOPBACK}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { ...FROM_LOOPBACK, ...(init.headers ?? {}) },
  } as never) as unknown as Promise<Response>
}

async function sessionCount(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<{ n: number }>())!.n
}

beforeAll(() => seed())
afterEach(() => vi.unstubAllGlobals())

describe(`ENVIRONMENT=${env.ENVIRONMENT}`, () => {
  it('is a deployed environment', () => {
    expect(['production', 'staging']).toContain(env.ENVIRONMENT)
  })

  it('has no /__dev route: the mailbox (live reset links), the texts (live codes), the identity and partner-log stand-ins are 404s', async () => {
    for (const path of [
      '/__dev/mailbox',
      '/__dev/sms',
      '/__dev/sms/messages',
      '/__dev/identity/login',
      '/__dev/identity/ext/ref/pickup?REF=0123456789abcdef',
      '/__dev/partner-logs',
    ]) {
      expect((await call(path)).status, path).toBe(404)
    }
    for (const path of [
      '/__dev/identity/ext/ref/dropoff',
      '/__dev/partner-logs',
      '/__dev/opt-out/fail',
      '/__dev/mailbox/fail',
      '/__dev/policy-documents',
      '/__dev/sms/messages',
      '/__dev/sms/reply',
    ]) {
      const res = await call(path, { method: 'POST', headers: { Origin: LOOPBACK, 'Content-Type': 'application/json' }, body: '{}' })
      expect(res.status, path).toBe(404)
    }
  })

  it('has no Test SSO: GET and Click go on to PolicyOverview', async () => {
    const get = await call('/TestSSO')
    expect(get.status).toBe(303)
    expect(get.headers.get('Location')).toBe('/policy-information')
    const post = await call('/TestSSO', {
      method: 'POST',
      headers: { Origin: LOOPBACK, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ actionCd: 'POLICYSUMMARY', policyId: POLICY }).toString(),
    })
    expect(post.headers.get('Location')).toBe('/policy-information')
  })

  it('ignores fakePingResponse on the landing: no session, the browser goes to the real ping login', async () => {
    const outbound = vi.fn(async () => new Response(null, { status: 500 }))
    vi.stubGlobal('fetch', outbound)
    const before = await sessionCount()
    const res = await call(`/sso-progressive-landing?PPA=yes&policyId=${POLICY}&fakePingResponse=true`, { headers: { Referer: `${LOOPBACK}/TestSSO` } })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe((env as unknown as Env).PING_LOGIN_URL)
    expect(await sessionCount()).toBe(before)
    expect(outbound).not.toHaveBeenCalled()
  })

  it('refuses fakePingResponse on POST /v1/common/policies-from-ping/ with a 403 and starts no session', async () => {
    const before = await sessionCount()
    const res = await call('/v1/common/policies-from-ping/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ policyID: POLICY, fakePingResponse: true }),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ errorMessage: 'fakePingResponse is not accepted here.', pgrPartnerLoggingToken: null })
    expect(await sessionCount()).toBe(before)
  })
})
