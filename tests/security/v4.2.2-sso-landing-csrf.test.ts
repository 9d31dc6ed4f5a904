import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona } from '../worker/helpers'
import { SsoBrowser, dropOff, resetStandIns, routeOutbound } from '../worker/sso-support'

/**
 * ASVS V4.2.2 (cross-site request forgery), issue 13 item 6, decision 126. The landing is a GET a
 * partner's link opens, so another site can open it too: it never ends the browser's session unless
 * the new one started, and a hand-off that would replace a live session waits for the user's answer,
 * tied to a one-time state.
 */
const SINGLE = persona('direct.single')
const MINE = SINGLE.policies[0]!.policyId
const ATTACKERS = persona('direct.multi').policies[1]!.policyId

beforeAll(() => seed())
beforeEach(async () => {
  routeOutbound()
  await resetStandIns()
})
afterEach(() => vi.unstubAllGlobals())

async function signedIn(): Promise<{ b: SsoBrowser; cookie: string }> {
  const b = new SsoBrowser()
  await b.form('/', { userName: SINGLE.userName, password: SINGLE.password })
  return { b, cookie: b.cookies.get('__Host-ph_session')! }
}

async function works(cookie: string): Promise<boolean> {
  const probe = new SsoBrowser()
  probe.cookies.set('__Host-ph_session', cookie)
  return (await probe.fetch('/account-home')).status === 200
}

const CROSS_SITE = { 'Sec-Fetch-Site': 'cross-site' }
// The landing's texts (worker/pages/sso/landing.tsx, decision 126), literally: this program does not
// type-check page code (decision 004).
const HANDOFF_COOKIE = 'ph_sso_handoff'
const LANDING_TEXT = {
  confirm: 'You are already signed in on this browser. To continue signing in from the site you came from, your current session will end.',
  expired: 'This sign-in request has expired or has already been used. Please return to the site you came from and try again.',
}

describe('a landing opened from another site', () => {
  it('with a bad or used reference does not end the session', async () => {
    const { b, cookie } = await signedIn()
    const queries: Record<string, string>[] = [
      { tokenid: '0123456789abcdef0123', PPA: 'yes', policyId: MINE },
      { PPA: 'yes', policyId: MINE },
      { policyId: MINE },
    ]
    for (const query of queries) {
      await b.land(query, CROSS_SITE)
      expect(await works(cookie), JSON.stringify(query)).toBe(true)
      expect(b.cookies.get('__Host-ph_session')).toBe(cookie)
    }
  })

  it("with someone else's valid reference does not sign the browser into it: the user is asked, and the session stays", async () => {
    const { b, cookie } = await signedIn()
    const REF = await dropOff({ policies: [ATTACKERS] })
    const res = await b.land({ tokenid: REF, PPA: 'yes', policyId: ATTACKERS }, CROSS_SITE)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/sso-progressive-landing')
    expect(b.cookies.get('__Host-ph_session')).toBe(cookie)
    const line = b.setCookieLines.find((l) => l.startsWith(`${HANDOFF_COOKIE}=`))!
    expect(line).toMatch(/HttpOnly/i)
    expect(line).toMatch(/Path=\/sso-progressive-landing/i)
    const ask = await b.follow(res)
    const html = await ask.text()
    expect(html).toContain(LANDING_TEXT.confirm)
    expect(html).not.toContain(REF)
    expect(await works(cookie)).toBe(true)
    // Staying signed in keeps the session and uses the waiting hand-off up.
    const state = /name="state" value="([^"]+)"/.exec(html)![1]!
    const stay = await b.form('/sso-progressive-landing', { state, decision: 'stay' })
    expect(stay.headers.get('Location')).toBe('/account-home')
    expect(await works(cookie)).toBe(true)
    const again = await b.form('/sso-progressive-landing', { state, decision: 'continue' })
    expect(again.status).toBe(400)
    expect(await again.text()).toContain(LANDING_TEXT.expired)
    expect(b.cookies.get('__Host-ph_session')).toBe(cookie)
  })

  it('continues only with the matching one-time state; then the new session replaces the old one', async () => {
    const { b, cookie } = await signedIn()
    const REF = await dropOff({ policies: [MINE] })
    const ask = await b.follow(await b.land({ tokenid: REF, PPA: 'yes', policyId: MINE }, CROSS_SITE))
    const state = /name="state" value="([^"]+)"/.exec(await ask.text())![1]!
    const forged = await b.form('/sso-progressive-landing', { state: state.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A')), decision: 'continue' })
    expect(forged.status).toBe(400)
    expect(await works(cookie)).toBe(true)
    // The forged answer used the waiting hand-off up: the user starts again from the partner.
    const ask2 = await b.follow(await b.land({ tokenid: await dropOff({ policies: [MINE] }), PPA: 'yes', policyId: MINE }, CROSS_SITE))
    const state2 = /name="state" value="([^"]+)"/.exec(await ask2.text())![1]!
    const go = await b.form('/sso-progressive-landing', { state: state2, decision: 'continue' })
    expect(go.headers.get('Location')).toBe('/policy-information')
    expect(b.cookies.get('__Host-ph_session')).not.toBe(cookie)
    expect(await works(cookie)).toBe(false)
  })

  it('a cross-site form cannot answer for the user', async () => {
    const { b, cookie } = await signedIn()
    const res = await b.form('/sso-progressive-landing', { state: 'x'.repeat(43), decision: 'continue' }, { Origin: 'https://evil.example' })
    expect(res.status).toBe(403)
    expect(await works(cookie)).toBe(true)
  })
})

describe('what does not need asking', () => {
  it('a browser without a session lands at once (the partner hand-off of the spec)', async () => {
    const b = new SsoBrowser()
    const res = await b.land({ tokenid: await dropOff({ policies: [MINE] }), PPA: 'yes', policyId: MINE }, CROSS_SITE)
    expect(res.headers.get('Location')).toBe('/policy-information')
  })

  it('a landing started on this portal (Sec-Fetch-Site: same-origin) replaces the session at once', async () => {
    const { b, cookie } = await signedIn()
    const res = await b.land({ tokenid: await dropOff({ policies: [MINE] }), PPA: 'yes', policyId: MINE }, { 'Sec-Fetch-Site': 'same-origin' })
    expect(res.headers.get('Location')).toBe('/policy-information')
    expect(await works(cookie)).toBe(false)
    const { results } = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NULL AND kind = ?').bind('sso').all<{ n: number }>()
    expect(results[0]!.n).toBeGreaterThan(0)
  })
})
