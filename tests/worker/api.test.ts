import { describe, it, expect, beforeAll } from 'vitest'
import { api, jsonPost, persona, policyOfAnotherPersona, seed } from './helpers'

beforeAll(() => seed())

async function token(tag: string): Promise<string> {
  const p = persona(tag)
  const res = await jsonPost('/v1/profile/login/', { userName: p.userName, password: p.password })
  return ((await res.json()) as { accountToken: string }).accountToken
}

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` })

describe('POST /v1/profile/login/', () => {
  it('returns the profile and token data', async () => {
    const p = persona('direct.multi')
    const res = await jsonPost('/v1/profile/login/', { userName: p.userName, password: p.password })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, any>
    expect(body.tokenType).toBe('Bearer')
    expect(body.expiresIn).toBeGreaterThan(890)
    expect(body.expiresIn).toBeLessThanOrEqual(900)
    expect(body.accountToken.split('.')).toHaveLength(3)
    expect(body.profile.userName).toBe(p.userName)
    expect(body.profile.policies.map((x: any) => x.policyId).sort()).toEqual(p.policies.map((x) => x.policyId).sort())
    expect(JSON.stringify(body)).not.toContain('password')
  })

  it("fails with 'Login Failed.' and no hint whether the user exists", async () => {
    const p = persona('direct.single')
    const wrong = await jsonPost('/v1/profile/login/', { userName: p.userName, password: 'Nope-nope1' })
    const unknown = await jsonPost('/v1/profile/login/', { userName: 'ghost-user', password: 'Nope-nope1' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ errorMessage: 'Login Failed.' })
    expect(await unknown.json()).toMatchObject({ errorMessage: 'Login Failed.' })
  })

  it('serves a client that sends no Origin (the mobile app), and refuses a foreign one', async () => {
    const p = persona('direct.single')
    const body = JSON.stringify({ userName: p.userName, password: p.password })
    const app = await api('/v1/profile/login/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
    expect(app.status).toBe(200)
    const evil = await api('/v1/profile/login/', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' }, body })
    expect(evil.status).toBe(403)
  })

  it('answers malformed input with a 400, never a 500', async () => {
    const broken = await api('/v1/profile/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://localhost' },
      body: '{"userName":',
    })
    expect(broken.status).toBe(400)
    const missing = await jsonPost('/v1/profile/login/', { userName: 'x' })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as any).errorMessage).toBe('Value is required')
  })
})

describe('GetPolicy', () => {
  it('returns a policy in the session scope, on its family route', async () => {
    const p = persona('direct.multi')
    const t = await token('direct.multi')
    for (const { policyId } of p.policies) {
      const family = /^(AEX|EX|FLD)/.test(policyId) ? 'flood' : 'homeowners'
      const res = await api(`/v1/${family}/GetPolicy/${policyId}?isReadWrite=false`, { headers: bearer(t) })
      expect(res.status, policyId).toBe(200)
      expect(((await res.json()) as any).policyID).toBe(policyId)
    }
  })

  it('carries the coverages: limits in cents, deductibles and endorsements (issue 24)', async () => {
    const t = await token('direct.multi')
    const home = (await (await api('/v1/homeowners/GetPolicy/HOM4010001', { headers: bearer(t) })).json()) as any
    expect(home.coverages.form).toBe('HO3')
    expect(home.coverages.limits[0]).toEqual({ code: 'A', limit: 52_500_000 })
    expect(home.coverages.deductibles).toContainEqual({ peril: 'Wildfire', amount: 250000 })
    expect(home.coverages.endorsements).toContain('Endorsement HO 04 90 Personal Property Replacement Cost')
    const flood = (await (await api('/v1/flood/GetPolicy/FLD4010003', { headers: bearer(t) })).json()) as any
    expect(flood.coverages).toMatchObject({ form: 'NFIP', replacementCost: true, occupancy: 'residential' })
  })

  it("answers another profile's policy exactly like a missing one", async () => {
    const me = persona('direct.single')
    const t = await token('direct.single')
    const other = policyOfAnotherPersona(me)
    const family = /^(AEX|EX|FLD)/.test(other) ? 'flood' : 'homeowners'
    const theirs = await api(`/v1/${family}/GetPolicy/${other}`, { headers: bearer(t) })
    const missing = await api(`/v1/${family}/GetPolicy/${family === 'flood' ? 'FLD999999' : 'HOZ999999'}`, { headers: bearer(t) })
    expect(theirs.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(await theirs.text()).toBe(await missing.text())
  })

  it('needs a session', async () => {
    const res = await api('/v1/homeowners/GetPolicy/HOA100001')
    expect(res.status).toBe(401)
  })

  it("logs 'NO ROUTE FOR REQUEST' for an operation no family has", async () => {
    const t = await token('direct.single')
    const res = await api('/v1/flood/NoSuchOperation/FLD1', { headers: bearer(t) })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ errorMessage: 'NO ROUTE FOR REQUEST' })
  })
})

describe('common calls', () => {
  it('continues a session with a new token; a revoked one is refused', async () => {
    const t = await token('direct.single')
    const res = await api('/v1/common/token', { method: 'POST', headers: bearer(t) })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { accountToken: string; expiresIn: number }
    expect(body.expiresIn).toBeGreaterThan(890)
    const logout = await api('/Logout', { method: 'POST', headers: { Cookie: `__Host-ph_session=${body.accountToken}`, Origin: 'https://localhost' } })
    expect(logout.status).toBe(200)
    const again = await api('/v1/common/token', { method: 'POST', headers: bearer(t) })
    expect(again.status).toBe(401)
  })

  it('refuses a cookie-authenticated JSON call without the X-Requested-With header', async () => {
    const t = await token('direct.single')
    const res = await api('/v1/common/token', { method: 'POST', headers: { Cookie: `__Host-ph_session=${t}`, Origin: 'https://localhost' } })
    expect(res.status).toBe(403)
    const ok = await api('/v1/common/token', {
      method: 'POST',
      headers: { Cookie: `__Host-ph_session=${t}`, Origin: 'https://localhost', 'X-Requested-With': 'portal' },
    })
    expect(ok.status).toBe(200)
  })

  it('serves global features', async () => {
    const res = await api('/v1/common/GetGlobalFeatures/')
    expect(res.status).toBe(200)
    expect(((await res.json()) as Record<string, boolean>)['customerPortal.PgrPartnerLogging']).toBe(true)
  })

  it('accepts client logs and ignores garbage', async () => {
    const ok = await jsonPost('/v1/common/Log', { loggingLevel: 'Error', pageName: 'Login', functionName: 'submit', message: 'boom' })
    expect(ok.status).toBe(204)
    const junk = await api('/v1/common/Log', { method: 'POST', headers: { Origin: 'https://localhost' }, body: 'not json' })
    expect(junk.status).toBe(204)
  })

  it('echoes a session-id header, generating one when missing', async () => {
    const given = await api('/v1/common/GetGlobalFeatures/', { headers: { SID: 'abc12345-sid' } })
    expect(given.headers.get('SID')).toBe('abc12345-sid')
    const made = await api('/v1/common/GetGlobalFeatures/')
    expect(made.headers.get('SID')).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('the published API description', () => {
  it('GET /v1/openapi.json answers the generated document; /v1/reference a page of it without script', async () => {
    const res = await api('/v1/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toContain('/flood/FirstNoticeOfLoss/{policyId}')
    const page = await api('/v1/reference')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('POST /v1/profile/login')
    expect(html).not.toContain('<script')
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
  })
})
