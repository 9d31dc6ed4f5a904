import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona, ORIGIN } from './helpers'
import { SsoBrowser, portalEnv, worker } from './sso-support'

/** The real worker with ENVIRONMENT=production: no Test SSO, no fakePingResponse, no stand-ins. */
const SINGLE = persona('direct.single')
const POLICY = SINGLE.policies[0]!.policyId

interface Call {
  url: string
  method: string
  headers: Record<string, string>
  body: string
}

/**
 * Outside systems as production reaches them: a fake identity service answering the pickup, and
 * recording endpoints for partner logs and opt-out preferences.
 */
function productionOutside(pickup: (url: URL) => Response) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
    const req = new Request(input, init)
    calls.push({
      url: req.url,
      method: req.method,
      headers: Object.fromEntries(req.headers as unknown as Iterable<[string, string]>),
      body: await req.clone().text(),
    })
    const url = new URL(req.url)
    if (url.pathname.endsWith('/ext/ref/pickup')) return pickup(url)
    return new Response(null, { status: 204 })
  })
  return calls
}

beforeAll(() => seed())
afterEach(() => vi.unstubAllGlobals())

describe('Test SSO in production', () => {
  it('without a loaded policy: goes to PolicyOverview (GET and Click)', async () => {
    const b = new SsoBrowser()
    const get = await b.fetch('/TestSSO')
    expect(get.status).toBe(303)
    expect(get.headers.get('Location')).toBe('/policy-information')
    const post = await b.form('/TestSSO', { actionCd: 'POLICYSUMMARY', policyId: POLICY })
    expect(post.headers.get('Location')).toBe('/policy-information')
  })

  it("with a policy loaded: 'Access to TestSSO page denied.'", async () => {
    const b = new SsoBrowser()
    await b.form('/', { userName: SINGLE.userName, password: SINGLE.password })
    await b.form('/account-home', { policyId: POLICY })
    const res = await b.fetch('/TestSSO')
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/error')
    expect(await (await b.follow(res)).text()).toContain('Access to TestSSO page denied.')
  })
})

describe('fakePingResponse in production', () => {
  it('is refused on the landing: no session; without a token the browser goes to the real ping login', async () => {
    const calls = productionOutside(() => new Response(null, { status: 500 }))
    const b = new SsoBrowser()
    const before = (await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<{ n: number }>())!.n
    const res = await b.land({ PPA: 'yes', policyId: POLICY, fakePingResponse: 'true' }, { Referer: `${ORIGIN}/TestSSO` })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(portalEnv.PING_LOGIN_URL)
    expect(b.cookies.has('__Host-ph_session')).toBe(false)
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<{ n: number }>())!.n).toBe(before)
    expect(calls).toHaveLength(0)
  })

  it('with a token, the real pickup decides, not the flag', async () => {
    const calls = productionOutside(() => Response.json({ error: 'reference not found' }, { status: 404 }))
    const b = new SsoBrowser()
    const res = await b.land({ tokenid: '0123456789abcdef0123', PPA: 'yes', policyId: POLICY, fakePingResponse: 'TRUE' })
    expect(res.headers.get('Location')).toBe('/error')
    expect(b.cookies.has('__Host-ph_session')).toBe(false)
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([`${new URL(portalEnv.PING_BASE_URL).pathname}/ext/ref/pickup`])
  })

  it('is refused by POST /v1/common/policies-from-ping/ with a 403, whatever else is sent', async () => {
    const calls = productionOutside(() => Response.json({ policies: [POLICY] }))
    for (const body of [
      { policyID: POLICY, fakePingResponse: true },
      { policyID: POLICY, fakePingResponse: 'true', tokenId: '0123456789abcdef' },
    ]) {
      const res = (await worker.fetch(`${ORIGIN}/v1/common/policies-from-ping/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      } as never)) as unknown as Response
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ errorMessage: 'fakePingResponse is not accepted here.', pgrPartnerLoggingToken: null })
    }
    expect(calls).toHaveLength(0)
  })
})

describe('the real adapters in production', () => {
  it('sign-in through the identity service: adapter credentials sent, session scoped, partner log and opt-out sent', async () => {
    const calls = productionOutside(() => Response.json({ policies: [POLICY], pgrPartnerLoggingToken: 'partner-prod-token' }))
    const b = new SsoBrowser()
    const res = await b.land({ tokenid: 'fedcba9876543210fedc', PPA: 'yes', policyId: POLICY, tracking_id: 'trk-prod-1', PgrOptOutPref: '0' })
    expect(res.headers.get('Location')).toBe('/policy-information')
    const pickup = calls.find((c) => c.url.includes('/ext/ref/pickup'))!
    expect(new URL(pickup.url).searchParams.get('REF')).toBe('fedcba9876543210fedc')
    expect(pickup.headers).toMatchObject({
      'ping.uname': portalEnv.PING_ADAPTER_ID,
      'ping.pwd': portalEnv.PING_ADAPTER_SECRET,
      'ping.instanceid': portalEnv.PING_INSTANCE_ID,
    })
    const partner = calls.find((c) => c.url === portalEnv.PARTNER_LOGS_URL)!
    expect(partner.headers.authorization).toBe('Bearer partner-prod-token')
    expect(partner.headers.origin).toBeUndefined()
    expect(JSON.parse(partner.body)).toMatchObject({ LogLevel: 1, TransactionId: 'trk-prod-1' })
    const optOut = calls.find((c) => c.url === portalEnv.OPT_OUT_API_URL)!
    expect(JSON.parse(optOut.body)).toMatchObject({ policyId: POLICY, preference: 0, source: 'sso-landing' })
  })
})

describe('no local stand-ins in production', () => {
  it.each(['/__dev/identity/ext/ref/pickup?REF=0123456789abcdef', '/__dev/identity/login', '/__dev/partner-logs'])('GET %s is a 404', async (path) => {
    expect(((await worker.fetch(`${ORIGIN}${path}`)) as unknown as Response).status).toBe(404)
  })

  it.each(['/__dev/identity/ext/ref/dropoff', '/__dev/identity/fail', '/__dev/partner-logs', '/__dev/partner-logs/outbox/deliver'])(
    'POST %s is a 404',
    async (path) => {
      const res = (await worker.fetch(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: '{}',
      } as never)) as unknown as Response
      expect(res.status).toBe(404)
    },
  )
})
