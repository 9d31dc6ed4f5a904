import { describe, it, expect, beforeAll } from 'vitest'
import { Browser, persona, seed, setCookies } from './helpers'

beforeAll(() => seed())

describe('login page', () => {
  it('renders the spec texts and ships no script', async () => {
    const res = await new Browser().fetch('/')
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(html).toContain('<title>Login - ProgHome</title>')
    for (const text of [
      'Flood Policy Login',
      'User ID or Email *',
      'Password *',
      'Forgot your password?',
      'Flood Policy Registration',
      'Register your Flood or Excess Flood policy.',
      'Make payments, report a claim, and more.',
      'Register My Flood Policy',
    ]) {
      expect(html).toContain(text)
    }
    expect(html).not.toContain('type="module"')
  })

  it("keeps spec 000's heading, with a line under it for every kind of policy it serves (issue 21 item 9)", async () => {
    const html = await (await new Browser().fetch('/')).text()
    expect(html).toMatch(
      /<h1 id="login-heading">Flood Policy Login<\/h1><p class="login__every-policy">For every ProgHome policy: flood, homeowners, condo, renters, umbrella and more\.<\/p>/,
    )
  })

  it('shows the required messages and focuses the first field in error', async () => {
    const res = await new Browser().form('/', { userName: '', password: '' })
    const html = await res.text()
    expect(res.status).toBe(400)
    // Each under its field (the error summary above the form names them again, issue 21).
    expect(html.match(/class="field__error"[^>]*>Value is required/g)).toHaveLength(2)
    expect(html).toMatch(/<input[^>]*id="f-userName"[^>]*autofocus/)
  })

  it('checks the password length bounds', async () => {
    const short = await (await new Browser().form('/', { userName: 'someone', password: 'abc' })).text()
    expect(short).toContain('This field should be at least 7 characters long')
    expect(short).toMatch(/<input[^>]*id="f-password"[^>]*autofocus/)
    const long = await (await new Browser().form('/', { userName: 'someone', password: 'A1'.repeat(18) })).text()
    expect(long).toContain('The maximum length allowed is 35')
  })

  it('answers a wrong password and an unknown user the same way', async () => {
    const p = persona('direct.single')
    const wrong = await new Browser().form('/', { userName: p.userName, password: 'Wrong-Password1' })
    const unknown = await new Browser().form('/', { userName: 'nobody-here', password: 'Wrong-Password1' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const strip = (s: string) => s.replace(/nonce="[^"]*"/g, '').replace(/value="[^"]*"/g, '')
    expect(strip(await wrong.text())).toBe(strip(await unknown.text()))
  })

  it('signs in with user name or email (any case) and sets a locked-down session cookie', async () => {
    const p = persona('direct.multi')
    for (const login of [p.userName, p.email.toUpperCase()]) {
      const b = new Browser()
      const res = await b.form('/', { userName: login, password: p.password })
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe('/account-home')
      const cookie = setCookies(res).find((c) => c.startsWith('__Host-ph_session='))!
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/Secure/)
      expect(cookie).toMatch(/SameSite=Lax/)
      expect(cookie).toMatch(/Path=\//)
    }
  })

  it('locks the account after repeated failures, without saying so', async () => {
    const p = persona('direct.partner')
    for (let i = 0; i < 5; i++) await new Browser().form('/', { userName: p.userName, password: 'Wrong-Password1' })
    const res = await new Browser().login(p)
    expect(res.status).toBe(401)
    expect(await res.text()).toContain('Login Failed.')
  })

  it('answers an unparseable form body with a 400', async () => {
    const res = await new Browser().fetch('/', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: 'garbage' })
    expect(res.status).toBe(400)
  })

  it('refuses a cross-site form post', async () => {
    const p = persona('direct.single')
    const res = await new Browser().form('/', { userName: p.userName, password: p.password }, { Origin: 'https://evil.example' })
    expect(res.status).toBe(403)
  })
})
