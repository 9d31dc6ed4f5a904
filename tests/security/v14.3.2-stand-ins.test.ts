import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest'
import { env, exports } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import type { Fetcher } from '@cloudflare/workers-types'
import { seed, persona, setCookies } from '../worker/helpers'
import { isDeployed, isLoopbackHost, standInsAllowed } from '../../worker/env'

/**
 * ASVS V14.3.2 (no debug features where they are not meant to be), issue 13 item 1, decision 120:
 * in development the local stand-ins (/__dev, Test SSO, fakePingResponse) answer only a request
 * addressed to a loopback host from a loopback address. Deployed environments: *.deployed.test.ts.
 */
const worker = (exports as unknown as { default: Fetcher }).default
const POLICY = persona('direct.single').policies[0]!.policyId

function call(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  return worker.fetch(url, { redirect: 'manual', ...init } as never) as unknown as Promise<Response>
}

const fakeLanding = (origin: string) => `${origin}/sso-progressive-landing?PPA=yes&policyId=${POLICY}&fakePingResponse=true`

beforeAll(() => seed())
afterEach(() => vi.unstubAllGlobals())

describe('the rule', () => {
  it('runs in development', () => {
    expect(env.ENVIRONMENT).toBe('development')
    expect(isDeployed(env)).toBe(false)
  })

  it.each([
    ['http://127.0.0.1:8787/x', null, true],
    ['http://localhost:8787/x', '127.0.0.1', true],
    ['http://[::1]:8787/x', '::1', true],
    ['http://127.0.0.1:8787/x', '127.0.100.7', true],
    ['https://portal.example/x', null, false],
    ['http://192.168.1.5:8787/x', null, false],
    ['http://127.0.0.1:8787/x', '203.0.113.9', false],
    ['http://localhost.example.com/x', null, false],
    ['http://127.0.0.1.nip.io/x', null, false],
  ])('%s from %s: %s', (url, ip, allowed) => {
    const headers = new Headers(ip ? { 'CF-Connecting-IP': ip } : {})
    expect(standInsAllowed({ ENVIRONMENT: 'development' }, { url, headers })).toBe(allowed)
  })

  it.each(['production', 'staging', 'test'])('never in %s, even from loopback', (ENVIRONMENT) => {
    expect(standInsAllowed({ ENVIRONMENT }, { url: 'http://127.0.0.1:8787/x', headers: new Headers() })).toBe(false)
    expect(isDeployed({ ENVIRONMENT })).toBe(true)
  })

  it('knows loopback names and addresses', () => {
    expect(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.255.0.9', '[::1]'].every(isLoopbackHost)).toBe(true)
    expect(['localhost.evil.example', '128.0.0.1', '127.0.0.256', '10.0.0.1', 'example.com', '[::2]'].some(isLoopbackHost)).toBe(false)
  })
})

describe('in development, from loopback: the stand-ins work', () => {
  it('serves /__dev/mailbox and Test SSO, and fakePingResponse opens the policy', async () => {
    expect((await call('http://127.0.0.1:8787/__dev/mailbox')).status).toBe(200)
    expect((await call('http://127.0.0.1:8787/TestSSO')).status).toBe(200)
    const land = await call(fakeLanding('http://127.0.0.1:8787'), { headers: { 'CF-Connecting-IP': '127.0.0.1' } })
    expect(land.status).toBe(303)
    expect(land.headers.get('Location')).toBe('/policy-information')
  })
})

describe('in development, addressed to another host or from another address: refused like production', () => {
  it.each([
    ['a non-loopback host', 'https://portal.example', {}],
    ['a LAN address', 'http://192.168.1.5:8787', {}],
    ['a loopback host asked from elsewhere', 'http://127.0.0.1:8787', { 'CF-Connecting-IP': '203.0.113.9' }],
  ])('%s', async (_name, origin, headers: Record<string, string>) => {
    for (const path of ['/__dev/mailbox', '/__dev/identity/login', '/__dev/partner-logs', '/__dev/clock']) {
      expect((await call(`${origin}${path}`, { headers })).status, path).toBe(404)
    }
    const clock = await call(`${origin}/__dev/clock`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ now: '2030-01-01T00:00:00Z' }),
    })
    expect(clock.status).toBe(404)
    const testSso = await call(`${origin}/TestSSO`, { headers })
    expect(testSso.status).toBe(303)
    expect(testSso.headers.get('Location')).toBe('/policy-information')
    const fetchMock = vi.fn(async () => new Response(null, { status: 500 }))
    vi.stubGlobal('fetch', fetchMock)
    const land = await call(fakeLanding(origin), { headers })
    expect(land.headers.get('Location')).toBe((env as unknown as Env).PING_LOGIN_URL)
    expect(setCookies(land).some((l) => l.startsWith('__Host-ph_session=') && !/max-age=0/i.test(l))).toBe(false)
    const api = await call(`${origin}/v1/common/policies-from-ping/`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ policyID: POLICY, fakePingResponse: true }),
    })
    expect(api.status).toBe(403)
    expect(await api.json()).toMatchObject({ errorMessage: 'fakePingResponse is not accepted here.', pgrPartnerLoggingToken: null })
  })
})
