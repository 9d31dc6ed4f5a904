import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { serializeSigned } from 'hono/utils/cookie'
import { Browser, persona, seed } from './helpers'
import { mainOf, policyTagged, text, withPolicy } from './servicing-helpers'

beforeAll(() => seed())

/** A flash as the worker would have set it (signed with the flash key), or signed with another key. */
async function plantFlash(b: Browser, message: Record<string, unknown>, key: string = env.FLASH_SIGNING_KEY): Promise<void> {
  const line = await serializeSigned('ph_flash', JSON.stringify({ isError: false, ...message }), key, { path: '/' })
  b.cookies.set('ph_flash', line.split(';')[0]!.split('=').slice(1).join('='))
}

describe('System message page (/system-message)', () => {
  it("success: 'Success!', the body as sanitized markup, 'Return to Summary' with a policy loaded", async () => {
    const b = await withPolicy(policyTagged('policy.condo-paid').policyId)
    await plantFlash(b, {
      text: '<p>Your payment of <strong>$25.00</strong> was received.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    })
    const res = await b.fetch('/system-message')
    expect(res.status).toBe(200)
    const main = mainOf(await res.text())
    expect(main).toContain('<h1 id="sm-heading">Success!</h1>')
    expect(main).toContain('<strong>$25.00</strong>')
    expect(main).not.toMatch(/<script|javascript:|onerror|<img/)
    expect(main).toContain('role="status"')
    expect(main).toContain('<a class="btn btn--primary" href="/policy-information">Return to Summary</a>')
    expect(main).not.toContain('Please call us')
  })

  it("error without a policy loaded: 'An unexpected error has occurred.' and 'Return to Account Home'", async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    await plantFlash(b, { text: 'Something failed.', isError: true, showPhoneNumber: true })
    const main = mainOf(await (await b.fetch('/system-message')).text())
    expect(main).toContain('An unexpected error has occurred.')
    expect(main).toContain('role="alert"')
    expect(text(main)).toContain('Please call us at 1-800-555-0134')
    expect(main).toContain('href="/account-home">Return to Account Home</a>')
  })

  it("production redirect, without a session: 'Return to Login' and the redirect button to the policy portal", async () => {
    const b = new Browser()
    await plantFlash(b, {
      text: 'There appears to have been an issue. Please return to the Login page.',
      isError: true,
      productionRedirect: true,
      showRedirectButton: true,
    })
    const res = await b.fetch('/system-message')
    expect(res.status).toBe(200)
    const main = mainOf(await res.text())
    expect(main).toContain('href="/">Return to Login</a>')
    expect(main).toContain('href="https://partner.example/login">Go to the Policy Portal</a>')
  })

  it('hides the return button when asked (hideNextButton)', async () => {
    const b = new Browser()
    await plantFlash(b, { text: 'Done.', hideNextButton: true })
    const main = mainOf(await (await b.fetch('/system-message')).text())
    expect(main).not.toContain('Return to')
  })

  it('shows a message once; a forged message is ignored', async () => {
    const b = new Browser()
    await plantFlash(b, { text: 'Once.' })
    expect((await b.fetch('/system-message')).status).toBe(200)
    expect((await b.fetch('/system-message')).status).toBe(401) // no session and no message: session-ended handling
    const forged = new Browser()
    forged.cookies.set('ph_flash', encodeURIComponent(JSON.stringify({ text: '<b>forged</b>', isError: false })) + '.AAAA')
    const res = await forged.fetch('/system-message')
    expect(res.status).toBe(401)
    expect(await res.text()).not.toContain('forged')
  })

  it('refuses a message signed with the session key: the flash has a key of its own', async () => {
    const b = new Browser()
    await plantFlash(b, { text: '<b>signed with the session key</b>' }, env.SESSION_SIGNING_KEY)
    const res = await b.fetch('/system-message')
    expect(res.status).toBe(401)
    expect(await res.text()).not.toContain('signed with the session key')
  })
})
