import { describe, it, expect, beforeAll, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { persona, seed, setCookies } from './helpers'
import { mailTo, ProfileBrowser, resetLinkFor } from './profile-helpers'
import { SsoBrowser } from './sso-support'

beforeAll(() => seed())

const SENT =
  'If the information entered matches a valid account, an email with instructions to reset the password will be sent to the email address associated with this account.'
const ISSUE = 'There appears to have been an issue. Please return to the Login page.'
const INVALID = 'This password reset link has expired or has already been used. Please request a new one.'
const SESSION_ENDED = 'Your session has ended. Please return to login to access your account.'

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The request, then the work the answer does not wait for (the lookup and the mail run after it,
 * decision 122): the worker entry with an execution context whose waitUntil work is awaited.
 */
async function requestReset(email: string): Promise<Response> {
  return new SsoBrowser().fetch('/v1/profile/password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Email: email }),
  })
}

describe('POST /v1/profile/password (forgot password)', () => {
  it('answers every address with the same message; only a profile’s address gets mail', async () => {
    const p = persona('direct.single')
    const known = await requestReset(p.email.toUpperCase())
    const unknown = await requestReset('nobody@example.com')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(await known.json()).toEqual({ message: SENT })
    expect(await unknown.json()).toEqual({ message: SENT })
    expect(await mailTo('nobody@example.com')).toHaveLength(0)
    const mail = (await mailTo(p.email)).find((m) => m.kind === 'password-reset')!
    expect(mail.subject).toBe('Reset your ProgHome password')
    expect(mail.text).toMatch(/^http:\/\/127\.0\.0\.1:8787\/reset-password\?token=[A-Za-z0-9_-]{43}$/m)
  })

  it('400 with the Forgot password messages', async () => {
    const empty = await requestReset('')
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { errorMessage: string }).errorMessage).toBe('Email address is required.')
    const bad = await requestReset('not-an-address')
    expect(((await bad.json()) as { errorMessage: string }).errorMessage).toBe('Email Address Invalid.')
  })

  it('stores only a hash of the 256-bit token, and the local stand-in delivers from the outbox', async () => {
    const p = persona('direct.single')
    const link = await resetLinkFor(p.email)
    const token = new URL(link, 'https://x').searchParams.get('token')!
    const rows = await env.DB.prepare("SELECT token_hash FROM password_resets WHERE profile_id = 'p-sam'").all<{ token_hash: string }>()
    expect(rows.results.map((r) => r.token_hash)).toContain(await sha256Hex(token))
    expect(JSON.stringify(rows.results)).not.toContain(token)
    const pending = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'mail' AND delivered_at IS NULL").first<{ n: number }>()
    expect(pending!.n).toBe(0)
  })

  it('502 with the issue message when the request cannot be recorded (the same for every address)', async () => {
    await env.DB.prepare("CREATE TRIGGER fail_counters BEFORE INSERT ON counters BEGIN SELECT RAISE(ABORT, 'store down'); END").run()
    try {
      const res = await requestReset(persona('direct.multi').email)
      expect(res.status).toBe(502)
      expect(await res.json()).toMatchObject({ errorMessage: ISSUE })
      expect((await requestReset('nobody-else@example.com')).status).toBe(502)
      const page = await new ProfileBrowser().form('/forgot-password', { email: persona('direct.multi').email })
      expect(page.status).toBe(502)
      const html = await page.text()
      expect(html).toContain(ISSUE)
      expect(html).toContain('href="/">Return to Login</a>')
    } finally {
      await env.DB.prepare('DROP TRIGGER fail_counters').run()
    }
  })

  it('sends at most 5 reset emails per address per hour, still answering the same', async () => {
    const p = persona('direct.catalog')
    for (let i = 0; i < 7; i++) expect(await (await requestReset(p.email)).json()).toEqual({ message: SENT })
    expect((await mailTo(p.email)).filter((m) => m.kind === 'password-reset')).toHaveLength(5)
  })
})

describe('the reset link and Choose a New Password', () => {
  it('opening the link moves the token into a path-scoped HttpOnly cookie and off the address bar', async () => {
    const p = persona('direct.edge-cases')
    await requestReset(p.email)
    const b = new ProfileBrowser()
    const open = await b.fetch(await resetLinkFor(p.email))
    expect(open.status).toBe(303)
    expect(open.headers.get('Location')).toBe('/reset-password')
    const cookie = setCookies(open).find((c) => c.startsWith('ph_reset='))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/Secure/)
    expect(cookie).toMatch(/Path=\/reset-password/)
    const form = await (await b.fetch('/reset-password')).text()
    expect(form).toContain('<title>Choose a New Password - ProgHome</title>')
    expect(form).toContain('>Save Password</button>')
    expect(form).not.toContain('type="module"')
  })

  it('validates with the registration messages and rule, focusing the first error, without using the link up', async () => {
    const p = persona('direct.edge-cases')
    const b = new ProfileBrowser()
    await b.fetch(await resetLinkFor(p.email))
    const empty = await (await b.form('/reset-password', { password: '', passwordConfirm: '' })).text()
    expect(empty).toContain('The Password field is required.')
    expect(empty).toContain('The Confirm Password field is required.')
    expect(empty).toMatch(/<input id="f-password"[^>]*autofocus/i)
    const weak = await (await b.form('/reset-password', { password: 'short', passwordConfirm: 'short' })).text()
    expect(weak).toContain(
      'Password requires between 7 and 35 characters, at least one uppercase, at least one lowercase, and at least one number or one special character.',
    )
    const mismatch = await (await b.form('/reset-password', { password: 'Reset#Pass1', passwordConfirm: 'Reset#Pass2' })).text()
    expect(mismatch).toContain('The Password fields must match.')
    expect((await b.fetch('/reset-password')).status).toBe(200)
  })

  it('saving sets the password, revokes every session, and the link never works again', async () => {
    const p = persona('direct.edge-cases')
    const signedIn = new ProfileBrowser()
    await signedIn.login(p)
    expect((await signedIn.fetch('/account-home')).status).toBe(200)

    const link = await resetLinkFor(p.email)
    const b = new ProfileBrowser()
    await b.fetch(link)
    const saved = await b.form('/reset-password', { password: 'Reset#Pass1', passwordConfirm: 'Reset#Pass1' })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('Location')).toBe('/reset-password?done=1')
    expect((await b.follow(saved)).html).toContain('Your password has been changed. Please log in with your new password.')

    const ended = await signedIn.fetch('/account-home')
    expect(ended.status).toBe(401)
    expect(await ended.text()).toContain(SESSION_ENDED)
    expect((await new ProfileBrowser().form('/', { userName: p.userName, password: p.password })).status).toBe(401)
    expect((await new ProfileBrowser().form('/', { userName: p.userName, password: 'Reset#Pass1' })).status).toBe(303)
    expect((await mailTo(p.email)).some((m) => m.kind === 'password-changed')).toBe(true)

    // reuse: the same link, and a second submission with the old cookie
    const again = await new ProfileBrowser().fetch(link)
    expect(again.status).toBe(400)
    expect(await again.text()).toContain(INVALID)
    const replay = new ProfileBrowser()
    replay.cookies.set('ph_reset', new URL(link, 'https://x').searchParams.get('token')!)
    const second = await replay.form('/reset-password', { password: 'Other#Pass2', passwordConfirm: 'Other#Pass2' })
    expect(second.status).toBe(400)
    expect(await second.text()).toContain(INVALID)
    expect((await new ProfileBrowser().form('/', { userName: p.userName, password: 'Other#Pass2' })).status).toBe(401)
  })

  it('an expired link is refused (expiry moved into the past in D1), also between opening it and saving', async () => {
    const p = persona('direct.multi')
    await requestReset(p.email)
    const link = await resetLinkFor(p.email)
    const b = new ProfileBrowser()
    expect((await b.fetch(link)).status).toBe(303)
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE profile_id = 'p-maria'")
      .bind(Date.now() - 1)
      .run()
    const save = await b.form('/reset-password', { password: 'Late#Pass1', passwordConfirm: 'Late#Pass1' })
    expect(save.status).toBe(400)
    expect(await save.text()).toContain(INVALID)
    const open = await new ProfileBrowser().fetch(link)
    expect(open.status).toBe(400)
    expect(await open.text()).toContain(INVALID)
    expect((await new ProfileBrowser().form('/', { userName: p.userName, password: p.password })).status).toBe(303)
  })

  it('a newer link replaces an older one; a made-up token is refused', async () => {
    const p = persona('direct.partner')
    await requestReset(p.email)
    const older = await resetLinkFor(p.email)
    await requestReset(p.email)
    const newer = await resetLinkFor(p.email)
    expect(newer).not.toBe(older)
    expect((await new ProfileBrowser().fetch(older)).status).toBe(400)
    expect((await new ProfileBrowser().fetch(newer)).status).toBe(303)
    expect((await new ProfileBrowser().fetch(`/reset-password?token=${'A'.repeat(43)}`)).status).toBe(400)
    expect((await new ProfileBrowser().fetch('/reset-password')).status).toBe(400)
  })
})

describe('Forgot Password page and the dev mailbox', () => {
  it('Forgot Password: field, Back to Login, Continue; messages with focus; the same status for any address', async () => {
    const b = new ProfileBrowser()
    const html = await (await b.fetch('/forgot-password')).text()
    expect(html).toContain('<title>Reset Password - ProgHome</title>')
    expect(html).toContain('Email Address *')
    expect(html).toContain('href="/">Back</a>')
    expect(html).toContain('>Continue</button>')
    expect(html).not.toContain('type="module"')
    const empty = await b.form('/forgot-password', { email: '' })
    expect(empty.status).toBe(400)
    const emptyHtml = await empty.text()
    expect(emptyHtml).toContain('Email address is required.')
    expect(emptyHtml).toMatch(/<input id="f-email"[^>]*autofocus/i)
    expect(await (await b.form('/forgot-password', { email: 'x@' })).text()).toContain('Email Address Invalid.')
    const known = await (await b.form('/forgot-password', { email: persona('direct.single').email })).text()
    const unknown = await (await b.form('/forgot-password', { email: 'ghost@example.com' })).text()
    expect(known).toContain(`role="status">${SENT}</div>`)
    const strip = (s: string) => s.replace(/nonce="[^"]*"/g, '')
    expect(strip(known)).toBe(strip(unknown))
  })

  it('the dev mailbox lists what was sent, with the reset link clickable', async () => {
    const p = persona('direct.single')
    const link = await resetLinkFor(p.email)
    // The link is read from the outbox; the mailbox lists what the mail stand-in received, which the
    // drain delivers after the answer: wait for that delivery (an event), not for a time.
    await vi.waitFor(
      async () => {
        const res = await new ProfileBrowser().fetch('/__dev/mailbox')
        expect(res.status).toBe(200)
        const html = await res.text()
        expect(html).toContain('<h1 id="mailbox-heading">Dev Mailbox</h1>')
        expect(html).toContain('Reset your ProgHome password')
        expect(html).toContain(`<a href="http://127.0.0.1:8787${link}">`)
      },
      { timeout: 30_000, interval: 50 },
    )
  }, 60_000)
})
