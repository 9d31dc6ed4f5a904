import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona, ORIGIN } from './helpers'
import { SsoBrowser, captureLogs, dropOff, failIdentity, parsedLines, portalEnv, resetStandIns, routeOutbound, STAND_IN_ORIGIN } from './sso-support'
import { localOptOutRecords } from '../../worker/dev/opt-out'

const ISSUE = 'There appears to have been an issue. Please return to the Login page.'
const DENIED = 'Access to policy denied.'
const SINGLE = persona('direct.single') // HOM4020001: no e-signature required
const MULTI = persona('direct.multi') // HOM4010001: e-signature required; CND4010002; FLD4010003
const ESIGN_POLICY = MULTI.policies[0]!.policyId
const PLAIN_POLICY = SINGLE.policies[0]!.policyId
const CONDO = MULTI.policies[1]!.policyId
const FLOOD = MULTI.policies[2]!.policyId
const MISSING_POLICY = 'HOM4999999' // a well-formed number with no policy of record

let outbound: ReturnType<typeof routeOutbound>
beforeAll(() => seed())
beforeEach(async () => {
  outbound = routeOutbound()
  await resetStandIns()
})
afterEach(() => vi.unstubAllGlobals())

const fakeLanding = (policyId: string, extra: Record<string, string> = {}) => ({ PPA: 'yes', policyId, fakePingResponse: 'true', ...extra })

function cookieLine(b: SsoBrowser, name: string): string | undefined {
  return [...b.setCookieLines].reverse().find((l) => l.startsWith(`${name}=`))
}

async function sessionRows(): Promise<
  { session_id: string; kind: string; policy_scope: string; system_origin: string; current_policy_id: string | null; revoked_at: number | null }[]
> {
  const { results } = await env.DB.prepare('SELECT * FROM sessions ORDER BY created_at').all()
  return results as never
}

async function errorPageText(b: SsoBrowser, res: Response): Promise<string> {
  expect(res.status).toBe(303)
  expect(res.headers.get('Location')).toBe('/error')
  const page = await b.follow(res)
  expect(page.status).toBe(200)
  return page.text()
}

describe('step 1: nothing to sign in with', () => {
  it('a bare landing goes back to account home', async () => {
    const res = await new SsoBrowser().land({})
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/account-home')
  })

  it('a landing coming from Test SSO goes on', async () => {
    const res = await new SsoBrowser().land({ PPA: 'yes', fakePingResponse: 'true' }, { Referer: `${ORIGIN}/TestSSO` })
    expect(res.headers.get('Location')).not.toBe('/account-home')
  })
})

describe('Test SSO path: fakePingResponse outside production', () => {
  it('grants exactly the requested policy, without asking the identity service, in a new SSO session', async () => {
    const b = new SsoBrowser()
    const res = await b.land(fakeLanding(PLAIN_POLICY, { SystemOrigin: 'MNA', actionCd: 'POLICYSUMMARY' }))
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/policy-information')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(outbound.calls.filter((call) => call.url.startsWith(portalEnv.PING_BASE_URL))).toHaveLength(0)
    expect(b.cookies.has('__Host-ph_session')).toBe(true)
    const row = (await sessionRows()).at(-1)!
    expect(row).toMatchObject({
      kind: 'sso',
      policy_scope: JSON.stringify([PLAIN_POLICY]),
      system_origin: 'MNA',
      current_policy_id: PLAIN_POLICY,
      revoked_at: null,
    })
  })

  it.each([
    ['POLICYSUMMARY', '/policy-information', 'Policy Summary - ProgHome'],
    ['POLICYDOCUMENTS', '/policy-documents', 'Documents - ProgHome'],
    ['REPORTCLAIM', '/report-claim', 'Report a Claim - ProgHome'],
    ['', '/policy-information', 'Policy Summary - ProgHome'],
    ['SOMETHINGELSE', '/policy-information', 'Policy Summary - ProgHome'],
  ])('action code %s opens %s', async (actionCd, path, title) => {
    const b = new SsoBrowser()
    const res = await b.land(fakeLanding(PLAIN_POLICY, actionCd ? { actionCd } : {}))
    expect(res.headers.get('Location')).toBe(path)
    const page = await b.follow(res)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`<title>${title}</title>`)
  })

  it('a policy that requires an e-signature opens the e-signature page whatever the action', async () => {
    const b = new SsoBrowser()
    const res = await b.land(fakeLanding(ESIGN_POLICY, { actionCd: 'POLICYDOCUMENTS' }))
    expect(res.headers.get('Location')).toBe('/e-sign')
  })

  it('trims and uppercases the policy id', async () => {
    const res = await new SsoBrowser().land(fakeLanding(` ${PLAIN_POLICY.toLowerCase()} `))
    expect(res.headers.get('Location')).toBe('/policy-information')
  })
})

describe('the SSO session', () => {
  it('is scoped to the returned policies only: another policy is a 404 like a missing one', async () => {
    const REF = await dropOff({ policies: [CONDO, FLOOD] })
    const b = new SsoBrowser()
    const res = await b.land({ tokenid: REF, PPA: 'yes', policyId: FLOOD })
    expect(res.headers.get('Location')).toBe('/policy-information')
    const row = (await sessionRows()).at(-1)!
    expect(JSON.parse(row.policy_scope)).toEqual([CONDO, FLOOD])
    const inScope = await b.fetch(`/v1/homeowners/GetPolicy/${CONDO}`)
    expect(inScope.status).toBe(200)
    const other = await b.fetch(`/v1/homeowners/GetPolicy/${PLAIN_POLICY}`)
    const missing = await b.fetch(`/v1/homeowners/GetPolicy/${MISSING_POLICY}`)
    expect(other.status).toBe(404)
    expect(await other.text()).toBe(await missing.text())
  })

  it('is a new session each time: the previous one (direct or SSO) is revoked, PPA=yes clears direct login', async () => {
    const b = new SsoBrowser()
    await b.form('/', { userName: SINGLE.userName, password: SINGLE.password })
    const direct = b.cookies.get('__Host-ph_session')!
    expect((await b.fetch('/account-home')).status).toBe(200)
    // Test SSO's Click is a navigation inside the portal; a hand-off from another site asks first
    // (decision 126, tests/security/v4.2.2-sso-landing-csrf.test.ts).
    await b.land(fakeLanding(PLAIN_POLICY), { 'Sec-Fetch-Site': 'same-origin' })
    const sso = b.cookies.get('__Host-ph_session')!
    expect(sso).not.toBe(direct)
    // The direct-login session is over: its cookie no longer opens account home.
    const old = new SsoBrowser()
    old.cookies.set('__Host-ph_session', direct)
    expect((await old.fetch('/account-home')).status).toBe(401)
    // An SSO user is sent to the partner's home, not the profile's account home.
    const home = await b.fetch('/account-home')
    expect(home.status).toBe(303)
    expect(home.headers.get('Location')).toBe(portalEnv.SSO_HOME_URL)
  })

  it('SystemOrigin MNA hides the Account Home link; otherwise it ends the session and goes to the configured home address', async () => {
    const mna = new SsoBrowser()
    const page = await mna.follow(await mna.land(fakeLanding(PLAIN_POLICY, { SystemOrigin: 'MNA' })))
    expect(await page.text()).not.toMatch(/>Account Home<\/(a|button)>/)
    const web = new SsoBrowser()
    const html = await (await web.follow(await web.land(fakeLanding(PLAIN_POLICY)))).text()
    expect(html).toMatch(/action="\/return-to-partner" method="post"><button type="submit" class="btn btn--link">Account Home<\/button>/)
    expect((await web.form('/return-to-partner', {})).headers.get('Location')).toBe(portalEnv.SSO_HOME_URL)
  })

  it('logs out to the configured SSO logout address', async () => {
    const b = new SsoBrowser()
    await b.land(fakeLanding(PLAIN_POLICY))
    const res = await b.form('/Logout', {})
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(portalEnv.SSO_LOGOUT_URL)
  })

  it('carries the tracking id in its log lines', async () => {
    const b = new SsoBrowser()
    const { lines } = await captureLogs(() => b.land(fakeLanding(PLAIN_POLICY, { tracking_id: 'trk-sid-0001' })))
    expect(parsedLines(lines).find((l) => l.message === 'SSO landing')).toMatchObject({ trackingId: 'trk-sid-0001', policyId: PLAIN_POLICY })
  })
})

describe('steps 3 and 4: the saved parameters, PPA and the ping login', () => {
  it("with no token and no fake flag: 'ssoParams' (not secure-flagged) is saved and the browser goes to the ping login", async () => {
    const b = new SsoBrowser()
    const res = await b.land({ PPA: 'yes', policyId: PLAIN_POLICY, actionCd: 'POLICYDOCUMENTS', tracking_id: 'trk-ping-1' })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe(portalEnv.PING_LOGIN_URL)
    const line = cookieLine(b, 'ssoParams')!
    expect(line).toBeDefined()
    expect(line).not.toMatch(/;\s*secure/i)
    expect(line).toMatch(/HttpOnly/i)
    expect(JSON.parse(decodeURIComponent(b.cookies.get('ssoParams')!))).toEqual({
      policyId: PLAIN_POLICY,
      PPA: 'yes',
      tracking_id: 'trk-ping-1',
      actionCd: 'POLICYDOCUMENTS',
    })
    expect(b.cookies.has('__Host-ph_session')).toBe(false)
  })

  it('the return from the ping login brings only the token: the saved parameters apply and the cookie is removed', async () => {
    const b = new SsoBrowser()
    await b.land({ PPA: 'yes', policyId: PLAIN_POLICY, actionCd: 'POLICYDOCUMENTS' })
    const REF = await dropOff({ policies: [PLAIN_POLICY] })
    const res = await b.land({ tokenid: REF })
    expect(res.headers.get('Location')).toBe('/policy-documents')
    expect(b.cookies.has('ssoParams')).toBe(false)
    expect(cookieLine(b, 'ssoParams')).toMatch(/Max-Age=0/i)
  })

  it('without PPA=yes nothing is fetched and no session starts', async () => {
    const b = new SsoBrowser()
    const res = await b.land({ policyId: PLAIN_POLICY, fakePingResponse: 'true' })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('<title>Signing In - ProgHome</title>')
    expect(b.cookies.has('__Host-ph_session')).toBe(false)
    expect(outbound.calls).toHaveLength(0)
  })

  it('a token without PPA=yes never stays in a rendered address: redirect to the clean landing', async () => {
    const REF = await dropOff({ policies: [PLAIN_POLICY] })
    const res = await new SsoBrowser().land({ tokenid: REF, policyId: PLAIN_POLICY })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/sso-progressive-landing')
  })
})

describe('the opt-out preference at landing', () => {
  it.each([
    [{}, 'C0004:1', 1],
    [{ PgrOptOutPref: '0' }, 'C0004:0', 0],
    [{ PgrOptOutPref: '1' }, 'C0004:1', 1],
  ])('%o is stored as %s and sent to the insurer', async (extra, cookie, preference) => {
    const b = new SsoBrowser()
    const policyId = CONDO
    const before = (await localOptOutRecords(env.CACHE as never, policyId)).length
    await b.land(fakeLanding(policyId, extra))
    expect(b.cookies.get('PgrOptOutPref')).toBe(encodeURIComponent(cookie))
    const records = await localOptOutRecords(env.CACHE as never, policyId)
    expect(records).toHaveLength(before + 1)
    expect(records.at(-1)).toMatchObject({ policyId, preference, source: 'sso-landing', gpc: false })
  })

  it('a browser sending Sec-GPC: 1 is opted out without being asked', async () => {
    const b = new SsoBrowser()
    await b.land(fakeLanding(FLOOD, { PgrOptOutPref: '1' }), { 'Sec-GPC': '1' })
    expect(decodeURIComponent(b.cookies.get('PgrOptOutPref')!)).toBe('C0004:0')
    expect((await localOptOutRecords(env.CACHE as never, FLOOD)).at(-1)).toMatchObject({ preference: 0, gpc: true })
  })
})

describe('steps 5 to 7 against the identity stand-in', () => {
  it("no policies returned: 'No policies returned from ping' logged, 'Access to policy denied.' shown", async () => {
    const REF = await dropOff({ policies: [] })
    const b = new SsoBrowser()
    const { result: res, lines } = await captureLogs(() => b.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY }))
    expect(parsedLines(lines).map((l) => l.message)).toContain('No policies returned from ping')
    expect(await errorPageText(b, res)).toContain(DENIED)
    expect(b.cookies.has('__Host-ph_session')).toBe(false)
  })

  it("the requested policy is not in the list: 'Access to policy denied.', no session", async () => {
    const REF = await dropOff({ policies: [CONDO] })
    const b = new SsoBrowser()
    const before = (await sessionRows()).length
    const res = await b.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY })
    expect(await errorPageText(b, res)).toContain(DENIED)
    expect((await sessionRows()).length).toBe(before)
  })

  it("the policy cannot be loaded: 'Exception thrown retrieving policy data' logged, the Error page, no live session", async () => {
    const REF = await dropOff({ policies: [MISSING_POLICY] })
    const b = new SsoBrowser()
    const { result: res, lines } = await captureLogs(() => b.land({ tokenid: REF, PPA: 'yes', policyId: MISSING_POLICY }))
    expect(parsedLines(lines).map((l) => l.message)).toContain('Exception thrown retrieving policy data')
    const html = await errorPageText(b, res)
    expect(html).toContain('An unexpected error occurred.')
    expect(html).not.toContain(DENIED)
    expect((await sessionRows()).at(-1)!.revoked_at).not.toBeNull()
    expect(b.cookies.has('__Host-ph_session')).toBe(false)
  })

  it('a reference is used once: landing again with it gives the Error page and no session', async () => {
    const REF = await dropOff({ policies: [PLAIN_POLICY] })
    const first = new SsoBrowser()
    expect((await first.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY })).headers.get('Location')).toBe('/policy-information')
    const second = new SsoBrowser()
    const res = await second.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY })
    expect(await errorPageText(second, res)).toContain('An unexpected error occurred.')
    expect(second.cookies.has('__Host-ph_session')).toBe(false)
  })

  it('an expired reference gives the Error page', async () => {
    const REF = await dropOff({ policies: [PLAIN_POLICY], expiresInSeconds: 0 })
    const b = new SsoBrowser()
    expect(await errorPageText(b, await b.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY }))).toContain('An unexpected error occurred.')
  })

  it.each(['500', '502', 'broken-json', 'not-json', '401'])(
    "identity service failing with %s: 'There appears to have been an issue…' with Return to Login",
    async (mode) => {
      const REF = await dropOff({ policies: [PLAIN_POLICY] })
      await failIdentity(mode)
      const b = new SsoBrowser()
      const res = await b.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY })
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe('/system-message')
      const page = await b.follow(res)
      const html = await page.text()
      expect(html).toContain(ISSUE)
      expect(html).toContain('Return to Login')
      expect(b.cookies.has('__Host-ph_session')).toBe(false)
    },
  )

  it('identity service answering 404: the Error page', async () => {
    const REF = await dropOff({ policies: [PLAIN_POLICY] })
    await failIdentity('404')
    const b = new SsoBrowser()
    expect(await errorPageText(b, await b.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY }))).toContain('An unexpected error occurred.')
  })

  it('a pickup that times out shows the issue message (the adapter timeout itself: sso-identity.test.ts)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')))
    const REF = '0123456789abcdef0123456789abcdef'
    const b = new SsoBrowser()
    const res = await b.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY })
    expect(res.headers.get('Location')).toBe('/system-message')
    expect(await (await b.follow(res)).text()).toContain(ISSUE)
  })
})

describe('the token stays out of history, logs and cookies', () => {
  it('the landing answers with a redirect to a clean address; no log line or cookie holds the token', async () => {
    const partnerToken = 'partner-secret-token-7f3a'
    const REF = await dropOff({ policies: [PLAIN_POLICY], pgrPartnerLoggingToken: partnerToken })
    const b = new SsoBrowser()
    const { result: res, lines } = await captureLogs(() => b.land({ tokenid: REF, PPA: 'yes', policyId: PLAIN_POLICY, tracking_id: 'trk-clean-1' }))
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/policy-information')
    const page = await b.follow(res)
    const html = await page.text()
    for (const secret of [REF, partnerToken]) {
      expect(lines.join('\n')).not.toContain(secret)
      expect(b.setCookieLines.join('\n')).not.toContain(secret)
      expect(html).not.toContain(secret)
      expect([...res.headers].join('\n')).not.toContain(secret)
    }
  })
})

describe('bad input is a 4xx, never a 500', () => {
  it.each([
    ['policyId', '<script>'],
    ['tokenid', 'short'],
    ['PgrOptOutPref', '7'],
    ['fakePingResponse', 'maybe'],
    ['tracking_id', 'has spaces in it'],
  ])('%s=%s', async (name, value) => {
    const res = await new SsoBrowser().land({ PPA: 'yes', policyId: PLAIN_POLICY, [name]: value })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('This sign-in link is not valid.')
  })

  it('malformed percent-encoding', async () => {
    const res = await new SsoBrowser().fetch('/sso-progressive-landing?policyId=%E0%A4%A')
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
  })
})

describe('the stand-ins answer through the worker, as under npm start', () => {
  it('the identity stand-in lives at PING_BASE_URL on this worker', () => {
    expect(new URL(portalEnv.PING_BASE_URL).origin).toBe(STAND_IN_ORIGIN)
    expect(new URL(portalEnv.PING_BASE_URL).pathname).toBe('/__dev/identity')
  })
})
