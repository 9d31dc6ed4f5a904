import { logoutTexts } from '../../worker/pages/identity/texts/sign-in'

const timedOutText = logoutTexts.en.timedOut
import { describe, it, expect, beforeAll } from 'vitest'
import { Browser, persona, seed } from './helpers'

beforeAll(() => seed())

const SESSION_ENDED = 'Your session has ended. Please return to login to access your account.'

describe('account home and logout', () => {
  it('lists the profile policies with plan description, id, state and nickname line', async () => {
    const p = persona('direct.multi')
    const b = new Browser()
    await b.login(p)
    const res = await b.fetch('/account-home')
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(html).toContain('<title>Account Home - ProgHome</title>')
    for (const policy of p.policies) expect(html).toContain(policy.policyId)
    expect(html).toMatch(/My [^<]*Policy/)
    expect(html).toContain('View your policy for policy details')
    expect(html).toContain('Manage Policies')
    expect(html).toContain('data-session-timer=""')
  })

  it('shows Add a Flood Policy for a sendToProgressive profile', async () => {
    const partner = new Browser()
    await partner.login(persona('direct.partner'))
    const html = await (await partner.fetch('/account-home')).text()
    expect(html).toContain('Add a Flood Policy')
    expect(html).toContain('href="/great-news"')
    const plain = new Browser()
    await plain.login(persona('direct.single'))
    expect(await (await plain.fetch('/account-home')).text()).not.toContain('Add a Flood Policy')
  })

  it("the session timer's logout (after inactivity) says why the session ended and that a claim draft was kept (issue 21 item 9)", async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const page = await (await b.fetch('/account-home')).text()
    expect(page).toMatch(/<form[^>]*data-session-timer=""[^>]*><input type="hidden" name="reason" value="inactivity"\/>/)
    const html = await (await b.form('/Logout', { reason: 'inactivity' })).text()
    expect(html).toContain('Log Out Confirmation')
    expect(html).toContain(timedOutText(15))
  })

  it('logs out: the confirmation shows, and the old cookie no longer opens a page', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const stolen = new Map(b.cookies)
    const res = await b.form('/Logout', {})
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(html).toContain('Log Out Confirmation')
    expect(html).toContain('You logged off at')
    expect(html).not.toContain(timedOutText(15))
    const replay = new Browser()
    replay.cookies = stolen
    const after = await replay.fetch('/account-home')
    expect(after.status).toBe(401)
    expect(await after.text()).toContain(SESSION_ENDED)
  })

  it('refuses a changed token even after the real one was verified (issue 38: verifications are kept per token)', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    expect((await b.fetch('/account-home')).status).toBe(200)
    const [name, token] = [...b.cookies].find(([n]) => n.includes('session'))!
    const forged = new Browser()
    // A character inside the signature (the last one may carry only padding bits).
    const at = token.length - 10
    forged.cookies = new Map([[name, token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1)]])
    expect((await forged.fetch('/account-home')).status).toBe(401)
    const sameTokenAgain = new Browser()
    sameTokenAgain.cookies = new Map([[name, token]])
    expect((await sameTokenAgain.fetch('/account-home')).status).toBe(200)
  })

  it('opens a policy in scope from Account Home and refuses one that is not', async () => {
    const p = persona('direct.single')
    const b = new Browser()
    await b.login(p)
    const open = await b.form('/account-home', { policyId: p.policies[0]!.policyId })
    expect(open.status).toBe(303)
    expect(['/policy-information', '/e-sign']).toContain(open.headers.get('Location'))
    const other = persona('direct.multi').policies[0]!.policyId
    const refused = await b.form('/account-home', { policyId: other })
    expect(refused.headers.get('Location')).toBe('/error')
  })
})

describe('navigation guards', () => {
  it('gives the session-ended handling on every page that needs a session', async () => {
    for (const path of ['/account-home', '/manage-profile', '/policy-information', '/make-payment', '/e-sign', '/system-message']) {
      const res = await new Browser().fetch(path)
      expect(res.status, path).toBe(401)
      const html = await res.text()
      expect(html).toContain(SESSION_ENDED)
      expect(html).toContain('href="/"')
    }
  })

  it('lets public pages through without a session', async () => {
    for (const path of ['/', '/Logout', '/find-policy', '/register-policy', '/forgot-password', '/great-news', '/error', '/TestSSO', '/privacy/confirmation']) {
      expect((await new Browser().fetch(path)).status, path).toBe(200)
    }
  })

  it('titles each page from the route table', async () => {
    const html = await (await new Browser().fetch('/find-policy')).text()
    expect(html).toContain('<title>Find My Policy - ProgHome</title>')
  })

  it('answers unknown paths with the 404 page', async () => {
    const res = await new Browser().fetch('/no-such-page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Page Not Found')
  })

  it('redirects other spellings of a route to its canonical path', async () => {
    const res = await new Browser().fetch('/logout')
    expect(res.status).toBe(308)
    expect(res.headers.get('Location')).toBe('/Logout')
  })

  it('sends a policy page without a loaded policy back to Account Home', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const res = await b.fetch('/policy-information')
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/account-home')
  })

  it('limits leaving Error to Account Home, Policy Overview and Login', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const bad = await b.fetch('/manage-profile', { headers: { Referer: 'https://localhost/error', 'Sec-Fetch-Dest': 'document' } })
    expect(bad.status).toBe(303)
    expect(bad.headers.get('Location')).toBe('/error')
    const ok = await b.fetch('/account-home', { headers: { Referer: 'https://localhost/error', 'Sec-Fetch-Dest': 'document' } })
    expect(ok.status).toBe(200)
  })

  it('cancels leaving SystemMessage for a route that is not allowed', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const bad = await b.fetch('/manage-profile', { headers: { Referer: 'https://localhost/system-message', 'Sec-Fetch-Dest': 'document' } })
    expect(bad.status).toBe(204)
    const ok = await b.fetch('/account-home', { headers: { Referer: 'https://localhost/system-message', 'Sec-Fetch-Dest': 'document' } })
    expect(ok.status).toBe(200)
  })

  it('sets the security headers with a per-response CSP nonce', async () => {
    const a = await new Browser().fetch('/')
    const b = await new Browser().fetch('/')
    const csp = a.headers.get('Content-Security-Policy')!
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("form-action 'self' https://partner.example")
    expect(csp).not.toBe(b.headers.get('Content-Security-Policy'))
    expect(a.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(a.headers.get('Strict-Transport-Security')).toContain('max-age=')
  })
})
