import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { persona, seed, setCookies } from './helpers'
import { ProfileBrowser } from './profile-helpers'

beforeAll(() => seed())

/** wrangler.toml [vars]; tests/worker/env.d.ts does not declare it. */
const PARTNER_LOGIN_URL = (env as unknown as { PARTNER_LOGIN_URL: string }).PARTNER_LOGIN_URL

describe('Great News', () => {
  it('says the policy is serviced on the partner site, with links that open a new tab and post here', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.partner'))
    const html = await (await b.fetch('/great-news')).text()
    expect(html).toContain('<title>Great News - ProgHome</title>')
    expect(html).toContain('Great News!')
    expect(html).toContain('Your policy can now be serviced on')
    expect(html).toMatch(
      /<form id="partner-login" method="post" action="\/great-news" target="_blank" rel="noopener">|<form[^>]*id="partner-login"[^>]*target="_blank"[^>]*>/,
    )
    expect(html.match(/form="partner-login"|id="partner-login"/g)).toHaveLength(2)
    expect(html.match(/\(opens in a new tab\)/g)!.length).toBeGreaterThanOrEqual(2)
  })

  it('using a link logs the profile out and sends that tab on to the configured partner login', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.partner'))
    const res = await b.form('/great-news', {})
    expect(res.status).toBe(200)
    expect(res.headers.get('Refresh')).toBe(`0; url=${PARTNER_LOGIN_URL}`)
    expect(await res.text()).toContain(`href="${PARTNER_LOGIN_URL}">Continue to our partner&#x27;s site</a>`)
    expect(setCookies(res).some((c) => /^__Host-ph_session=;|^__Host-ph_session=.*Max-Age=0/i.test(c))).toBe(true)
    const after = await b.fetch('/account-home')
    expect(after.status).toBe(401)
    const { results } = await env.DB.prepare("SELECT revoked_at FROM sessions WHERE profile_id = 'p-pat' ORDER BY created_at DESC LIMIT 1").all<{
      revoked_at: number | null
    }>()
    expect(results[0]!.revoked_at).not.toBeNull()
  })

  it('works for a visitor too, and refuses a cross-site post', async () => {
    const b = new ProfileBrowser()
    expect((await b.fetch('/great-news')).status).toBe(200)
    const res = await b.form('/great-news', {})
    expect(res.headers.get('Refresh')).toBe(`0; url=${PARTNER_LOGIN_URL}`)
    expect((await b.form('/great-news', {}, { Origin: 'https://evil.example' })).status).toBe(403)
  })
})
