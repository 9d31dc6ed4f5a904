import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, ORIGIN, persona, seed, setCookies } from './helpers'
import { call, freshIp, ProfileBrowser, registration, unlinked, type TokenBody } from './profile-helpers'

beforeAll(() => seed())

const NO_MATCH = 'We could not verify this policy with the information entered. Please check the policy number, last name and date of birth and try again.'
const LOCKED = 'This policy number is temporarily locked after too many unsuccessful attempts. Please try again in an hour, or call us for help.'

describe('POST /v1/profile (registration)', () => {
  it('200: creates the profile with the policy linked and signs it in (profile and token data)', async () => {
    const u = unlinked('unregistered.homeowners')
    const body = registration(u, { birthDate: '1975/04/12', lastName: '  rivera ' })
    const res = await call('POST', '/v1/profile', body)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const data = (await res.json()) as TokenBody
    expect(data.tokenType).toBe('Bearer')
    expect(data.expiresIn).toBeGreaterThan(890)
    expect(data.profile.userName).toBe(body.userName)
    expect(data.profile.sendToProgressive).toBe(false)
    expect(data.profile.policies.map((p) => p.policyId)).toEqual([u.policyId])
    expect(JSON.stringify(data)).not.toMatch(/password|birth/i)
    // the token works, and the new profile can log in with its password
    const home = await call('GET', `/v1/homeowners/GetPolicy/${u.policyId}`, undefined, data.accountToken)
    expect(home.status).toBe(200)
    const login = await call('POST', '/v1/profile/login/', { userName: body.emailAddress.toUpperCase(), password: body.password })
    expect(login.status).toBe(200)
  })

  it('202: a policy links to at most one profile: registering it again is a clear errorMessage, not a duplicate', async () => {
    const u = unlinked('unregistered.homeowners')
    const res = await call('POST', '/v1/profile', registration(u))
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({
      errorMessage: 'This policy is already registered to another profile. Log in to that profile, or use Forgot your password? to recover it.',
    })
    const links = await env.DB.prepare('SELECT COUNT(*) AS n FROM profile_policies WHERE policy_id = ?').bind(u.policyId).first<{ n: number }>()
    expect(links!.n).toBe(1)
  })

  it('202: user name and email belong to one profile, compared case-insensitively', async () => {
    const u = unlinked('unregistered.flood')
    const taken = persona('direct.single')
    const byName = await call('POST', '/v1/profile', registration(u, { userName: taken.userName.toUpperCase() }))
    expect(byName.status).toBe(202)
    expect(await byName.json()).toMatchObject({ errorMessage: 'That user name is already in use. Please choose another.' })
    const byEmail = await call('POST', '/v1/profile', registration(u, { emailAddress: taken.email.toUpperCase() }))
    expect(byEmail.status).toBe(202)
    expect(await byEmail.json()).toMatchObject({ errorMessage: 'That email address is already in use by another profile.' })
    const profiles = await env.DB.prepare('SELECT COUNT(*) AS n FROM profiles WHERE email_address = ?').bind(taken.email).first<{ n: number }>()
    expect(profiles!.n).toBe(1)
  })

  it('accepts a flood policy without a date of birth (FLD: blank, null or missing)', async () => {
    const u = unlinked('unregistered.flood')
    expect(u.birthDate).toBeNull()
    const { birthDate: _omit, ...withoutDate } = registration(u)
    const res = await call('POST', '/v1/profile', withoutDate)
    expect(res.status).toBe(200)
    expect(((await res.json()) as TokenBody).profile.policies[0]!.policyId).toBe(u.policyId)
  })

  it('a partner-serviced policy makes a sendToProgressive profile', async () => {
    const u = unlinked('unregistered.partner')
    const res = await call('POST', '/v1/profile', registration(u))
    expect(res.status).toBe(200)
    expect(((await res.json()) as TokenBody).profile.sendToProgressive).toBe(true)
  })

  it('wrong last name, wrong date of birth and an unknown policy number give the same answer', async () => {
    const u = unlinked('unregistered.excess-flood')
    const answers = await Promise.all([
      call('POST', '/v1/profile', registration(u, { lastName: 'Someone-Else' })),
      call('POST', '/v1/profile', registration({ ...u, policyId: 'HOM4010001' }, { lastName: 'Wrong', birthDate: '1970-01-01' })),
      call('POST', '/v1/profile', registration({ ...u, policyId: 'HOM4090001' }, { lastName: 'Rivera', birthDate: '1975-04-13' })),
      call('POST', '/v1/profile', registration({ ...u, policyId: 'HOM4999998' }, { lastName: 'Rivera', birthDate: '1975-04-12' })),
    ])
    for (const res of answers) {
      expect(res.status).toBe(202)
      expect(await res.json()).toMatchObject({ errorMessage: NO_MATCH })
    }
  })

  it('locks a policy number after 5 wrong answers: then even the right answer is refused', async () => {
    const u = unlinked('unregistered.excess-flood')
    // one wrong answer was recorded by the previous test
    for (let i = 0; i < 4; i++) {
      const res = await call('POST', '/v1/profile', registration(u, { lastName: `Guess${i}` }))
      expect(await res.json()).toMatchObject({ errorMessage: NO_MATCH })
    }
    const right = await call('POST', '/v1/profile', registration(u))
    expect(right.status).toBe(202)
    expect(await right.json()).toMatchObject({ errorMessage: LOCKED })
    // an unknown number locks exactly the same way: the lock does not tell that a policy exists
    for (let i = 0; i < 5; i++) await call('POST', '/v1/profile', registration({ ...u, policyId: 'EXF4999999' }, { lastName: `Guess${i}` }))
    const unknown = await call('POST', '/v1/profile', registration({ ...u, policyId: 'EXF4999999' }))
    expect(await unknown.json()).toMatchObject({ errorMessage: LOCKED })
    // the lock ends: moving the stored deadline into the past lets the right answer through
    await env.DB.prepare('UPDATE counters SET locked_until = 0, failures = 0 WHERE counter_key = ?').bind(`verify:${u.policyId}`).run()
    const after = await call('POST', '/v1/profile', registration(u))
    expect(after.status).toBe(200)
  })

  it('400 with the spec messages for invalid input', async () => {
    const u = unlinked('unregistered.homeowners')
    const cases: [Record<string, unknown>, string][] = [
      [{ lastName: '' }, 'The Last Name field is required.'],
      [{ birthDate: '' }, 'The Date of Birth field is required.'],
      [{ birthDate: '1975-02-30' }, 'The Date of Birth is not a valid date.'],
      [{ birthDate: '04/12/1975' }, 'The Date of Birth is not a valid date.'],
      [{ birthDate: '2999-01-01' }, 'A future date cannot be entered.'],
      [{ userName: '' }, 'The User Name field is required.'],
      [{ emailAddress: '' }, 'The Email Address field is required.'],
      [{ emailAddress: 'not-an-email' }, 'The Email Address field is invalid.'],
      [{ password: '' }, 'The Password field is required.'],
      [
        { password: 'alllowercase1' },
        'Password requires between 7 and 35 characters, at least one uppercase, at least one lowercase, and at least one number or one special character.',
      ],
    ]
    for (const [override, message] of cases) {
      const res = await call('POST', '/v1/profile', registration(u, override))
      expect(res.status, JSON.stringify(override)).toBe(400)
      expect(((await res.json()) as { errorMessage: string }).errorMessage, JSON.stringify(override)).toBe(message)
    }
  })

  it('never writes a date of birth or password into the audit log', async () => {
    const { results } = await env.DB.prepare('SELECT event, detail FROM audit_log').all<{ event: string; detail: string }>()
    const all = JSON.stringify(results)
    expect(all).toContain('profile.registered')
    expect(all).not.toMatch(/1975|Fresh#Start1/)
  })
})

describe('Find My Policy and Register My Policy pages', () => {
  it('Find: the help text, Back to Login without a profile, and the required message with focus', async () => {
    const b = new ProfileBrowser()
    const html = await (await b.fetch('/find-policy')).text()
    expect(html).toContain('<title>Find My Policy - ProgHome</title>')
    expect(html).toContain('for example FLA12345')
    expect(html).toMatch(/<a class="btn btn--secondary" href="\/">Back<\/a>/)
    expect(html).not.toContain('type="module"')
    const empty = await b.form('/find-policy', { policyId: '' })
    expect(empty.status).toBe(400)
    const page = await empty.text()
    expect(page).toContain('Policy number field is required.')
    expect(page).toMatch(/<input[^>]*id="f-policyId"[^>]*autofocus/)
  })

  it('Find: an unregistered number goes to Register with the number; a malformed one shows a message above the form', async () => {
    const b = new ProfileBrowser()
    const res = await b.form('/find-policy', { policyId: ' fld4090002 ' })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/register-policy?policyId=FLD4090002')
    const bad = await (await b.form('/find-policy', { policyId: 'FLD 40' })).text()
    expect(bad).toMatch(/role="alert"[^>]*autofocus[^>]*>Please enter the policy number/)
  })

  it('Register: the fields, read-only number, date maximum today, help popovers; optional date for flood', async () => {
    const b = new ProfileBrowser()
    const html = await (await b.fetch('/register-policy?policyId=hom4090001')).text()
    expect(html).toContain('<title>Register My Policy - ProgHome</title>')
    expect(html).toMatch(/<input id="f-policyID" readonly="" name="policyID" value="HOM4090001"\/>/i)
    expect(html).toContain('Create your profile')
    expect(html).toMatch(/type="date"[^>]*max="\d{4}-\d{2}-\d{2}"/)
    expect(html).toContain('Date of Birth *')
    expect(html).toMatch(/popovertarget="f-lastName-help"/i)
    expect(html).toMatch(/popovertarget="f-password-help"/i)
    expect(html).toContain('href="/find-policy">Back</a>')
    expect(html).toContain('Save Profile')
    const flood = await (await b.fetch('/register-policy?policyId=FLD4090002')).text()
    expect(flood).toContain('Date of Birth (optional)')
    const none = await b.fetch('/register-policy')
    expect(none.status).toBe(200)
    expect(await none.text()).toContain('<a class="btn btn--primary" href="/find-policy">Find My Policy</a>')
  })

  it('Register: every message of the profile block, focus on the first error, values kept but never passwords', async () => {
    const b = new ProfileBrowser()
    const res = await b.form('/register-policy', {
      policyID: 'HOM4090003',
      lastName: '',
      birthDate: '',
      userName: '',
      emailAddress: 'bad',
      password: 'Secret#99x',
      passwordConfirm: 'Secret#99y',
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    for (const text of [
      'The Last Name field is required.',
      'The Date of Birth field is required.',
      'The User Name field is required.',
      'The Email Address field is invalid.',
      'The Password fields must match.',
    ])
      expect(html).toContain(text)
    expect(html).toMatch(/<input[^>]*id="f-lastName"[^>]*autofocus/)
    expect(html).not.toContain('Secret#99')
    const confirmMissing = await (await b.form('/register-policy', { policyID: 'HOM4090003', password: '', passwordConfirm: '' })).text()
    expect(confirmMissing).toContain('The Password field is required.')
    expect(confirmMissing).toContain('The Confirm Password field is required.')
  })

  it('Register: success signs in (new session cookie) and goes to Account Home; a business failure shows errorMessage above the form', async () => {
    const u = unlinked('unregistered.flood')
    const b = new ProfileBrowser()
    const body = registration(u)
    const fields = { ...body, birthDate: '', passwordConfirm: body.password } as Record<string, string>
    const fail = await b.form('/register-policy', { ...fields, lastName: 'Nobody' })
    expect(fail.status).toBe(200)
    expect(await fail.text()).toMatch(/role="alert"[^>]*autofocus[^>]*>We could not verify this policy/)

    // FLD4090002 was registered in the API tests of this file: the page says so, after the identity check
    const again = await b.form('/register-policy', fields)
    expect(await again.text()).toContain('This policy is already registered to another profile.')

    await env.DB.prepare('DELETE FROM profile_policies WHERE policy_id = ?').bind(u.policyId).run()
    const ok = await b.form('/register-policy', fields)
    expect(ok.status).toBe(303)
    expect(ok.headers.get('Location')).toBe('/account-home')
    expect(setCookies(ok).some((c) => c.startsWith('__Host-ph_session='))).toBe(true)
    const home = await (await b.fetch('/account-home')).text()
    expect(home).toContain('Account Home')
    expect(home).toContain(u.policyId)
  })
})

describe('registration with an Idempotency-Key (issue 18)', () => {
  it('its rate rule reads the policy field before the key is checked, and the key still works: the repeat is replayed', async () => {
    // A registration of a policy another profile holds: a 202 answer, kept like any answer below 400.
    const body = JSON.stringify(registration(unlinked('unregistered.homeowners')))
    const key = `reg-${crypto.randomUUID()}`
    const send = (idempotencyKey: string) =>
      api('/v1/profile', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': freshIp(), 'Idempotency-Key': idempotencyKey },
        body,
      })
    const first = await send(key)
    expect(first.status).toBeLessThan(300)
    const again = await send(key)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.text()).toBe(await first.text())
    expect((await send(`reg-${crypto.randomUUID()}`)).headers.get('Idempotent-Replayed')).toBeNull()
  })
})
