import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona, ORIGIN } from './helpers'
import { PARTNER_LOGGING_FEATURE } from '../../shared/sso/partner-log'
import { dropOff, failIdentity, resetStandIns, routeOutbound, worker } from './sso-support'

const POLICY = persona('direct.single').policies[0]!.policyId
const CONDO = persona('direct.multi').policies[1]!.policyId
const ISSUE = 'There appears to have been an issue. Please return to the Login page.'

let ipCounter = 0
function call(body: unknown, path = '/v1/common/policies-from-ping/'): Promise<Response> {
  return worker.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `127.0.113.${++ipCounter}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  } as never) as unknown as Promise<Response>
}

beforeAll(() => seed())
beforeEach(async () => {
  routeOutbound()
  await resetStandIns()
})
afterEach(() => vi.unstubAllGlobals())

describe('POST /v1/common/policies-from-ping/', () => {
  it('exchanges the token for the policy list and a session scoped to it (no bearer token needed)', async () => {
    const partnerToken = 'partner-token-api'
    const REF = await dropOff({ policies: [POLICY, CONDO], pgrPartnerLoggingToken: partnerToken })
    const res = await call({ key: 'REF', tokenId: REF, policyID: POLICY, fakePingResponse: false, name: 'portal' })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const body = (await res.json()) as Record<string, unknown>
    // Spec 000 section 7: "policies, pgrPartnerLoggingToken, tokenType, expiresIn, accountToken" (partner logging on).
    expect(body).toMatchObject({ policies: [POLICY, CONDO], pgrPartnerLoggingToken: partnerToken, tokenType: 'Bearer' })
    expect(body.expiresIn).toBeGreaterThan(890)
    const bearer = { Authorization: `Bearer ${body.accountToken as string}` }
    const mine = (await worker.fetch(`${ORIGIN}/v1/homeowners/GetPolicy/${CONDO}`, { headers: bearer } as never)) as unknown as Response
    expect(mine.status).toBe(200)
    const other = (await worker.fetch(`${ORIGIN}/v1/flood/GetPolicy/${persona('direct.multi').policies[2]!.policyId}`, {
      headers: bearer,
    } as never)) as unknown as Response
    expect(other.status).toBe(404)
  })

  it('answers without the trailing slash too', async () => {
    const REF = await dropOff({ policies: [POLICY] })
    expect((await call({ tokenId: REF, policyID: POLICY }, '/v1/common/policies-from-ping')).status).toBe(200)
  })

  it('fakePingResponse (outside production) grants exactly the requested policy', async () => {
    const res = await call({ policyID: POLICY.toLowerCase(), fakePingResponse: true })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { policies: string[] }).policies).toEqual([POLICY])
  })

  it('a used reference is a 401 with an error message', async () => {
    const REF = await dropOff({ policies: [POLICY] })
    expect((await call({ tokenId: REF, policyID: POLICY })).status).toBe(200)
    const again = await call({ tokenId: REF, policyID: POLICY })
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ errorMessage: 'The sign-in reference is not valid or has expired.', pgrPartnerLoggingToken: null })
  })

  it('an expired reference is a 401', async () => {
    const REF = await dropOff({ policies: [POLICY], expiresInSeconds: 0 })
    expect((await call({ tokenId: REF, policyID: POLICY })).status).toBe(401)
  })

  it.each(['500', '502', 'broken-json', 'not-json', '401'])('identity service failing with %s: 502 with the issue message', async (mode) => {
    const REF = await dropOff({ policies: [POLICY] })
    await failIdentity(mode)
    const res = await call({ tokenId: REF, policyID: POLICY })
    expect(res.status).toBe(502)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(ISSUE)
  })

  it('no policies returned: no session, the message says so', async () => {
    const REF = await dropOff({ policies: [], pgrPartnerLoggingToken: 'partner-token-none' })
    const res = await call({ tokenId: REF, policyID: POLICY })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ policies: [], pgrPartnerLoggingToken: 'partner-token-none', errorMessage: 'No policies returned from ping' })
  })

  // Spec 000 section 7: "On error: pgrPartnerLoggingToken and errorMessage."
  it('a failed lookup whose answer carried the partner token returns it with the error message', async () => {
    const REF = await dropOff({ policies: [POLICY] })
    await failIdentity('502', { pgrPartnerLoggingToken: 'partner-token-on-error' })
    const res = await call({ tokenId: REF, policyID: POLICY })
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ errorMessage: ISSUE, pgrPartnerLoggingToken: 'partner-token-on-error' })
  })

  // Spec 000 section 6: "Global feature customerPortal.PgrPartnerLogging enables partner logging."
  it('with partner logging off, the token is never returned', async () => {
    await env.DB.prepare('UPDATE global_features SET enabled = 0 WHERE feature_key = ?').bind(PARTNER_LOGGING_FEATURE).run()
    await env.CACHE.delete('global-features:v1')
    try {
      const REF = await dropOff({ policies: [POLICY], pgrPartnerLoggingToken: 'partner-token-off' })
      const res = await call({ tokenId: REF, policyID: POLICY })
      const text = await res.text()
      expect(res.status).toBe(200)
      expect(text).not.toContain('partner-token-off')
      expect(JSON.parse(text)).toMatchObject({ pgrPartnerLoggingToken: null })
    } finally {
      await env.DB.prepare('UPDATE global_features SET enabled = 1 WHERE feature_key = ?').bind(PARTNER_LOGGING_FEATURE).run()
      await env.CACHE.delete('global-features:v1')
    }
  })

  it.each([
    [{ policyID: POLICY }, 'tokenId is required.'],
    [{ tokenId: 'x', policyID: POLICY }, 'tokenId is not valid.'],
    [{ fakePingResponse: true }, 'policyID is required.'],
    [{ tokenId: '0123456789abcdef', policyID: '<b>' }, 'policyID is not a policy number.'],
  ])('bad input %o is a 400: %s', async (body, message) => {
    const res = await call(body)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(message)
  })

  it('a body that is not JSON is a 400', async () => {
    expect((await call('{not json')).status).toBe(400)
  })
})
