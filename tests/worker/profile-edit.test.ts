import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { persona, seed, setCookies } from './helpers'
import { call, loginToken, mailTo, ProfileBrowser, type TokenBody } from './profile-helpers'

beforeAll(() => seed())

const SESSION_ENDED = 'Your session has ended. Please return to login to access your account.'
const RULE = 'Password requires between 7 and 35 characters, at least one uppercase, at least one lowercase, and at least one number or one special character.'

/** Makes the next password write fail inside D1, to reach the failure path honestly. */
async function breakPasswordWrites(): Promise<() => Promise<void>> {
  await env.DB.prepare("CREATE TRIGGER fail_password BEFORE UPDATE OF password_hash ON profiles BEGIN SELECT RAISE(ABORT, 'disk full'); END").run()
  return async () => {
    await env.DB.prepare('DROP TRIGGER fail_password').run()
  }
}

describe('PUT /v1/profile', () => {
  it('returns the updated profile; the new user name logs in; the old email address is told', async () => {
    const p = persona('direct.catalog')
    const me = await loginToken(p.userName, p.password)
    const res = await call(
      'PUT',
      '/v1/profile',
      { UserName: 'casey.renamed', EmailAddress: 'casey.new@example.com', ProfileId: me.profile.profileId, CurrentPassword: p.password },
      me.accountToken,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as TokenBody['profile']
    expect(body).toMatchObject({ userName: 'casey.renamed', emailAddress: 'casey.new@example.com', profileId: me.profile.profileId })
    expect(JSON.stringify(body)).not.toMatch(/password/i)
    await loginToken('CASEY.RENAMED', p.password)
    const notice = (await mailTo(p.email)).find((m) => m.kind === 'email-changed')
    expect(notice?.text).toContain('casey.new@example.com')
  })

  it('202: a user name or email address of another profile (any case)', async () => {
    const sam = persona('direct.single')
    const me = await loginToken(persona('direct.edge-cases').userName, persona('direct.edge-cases').password)
    const id = me.profile.profileId
    const name = await call(
      'PUT',
      '/v1/profile',
      { UserName: sam.userName.toUpperCase(), EmailAddress: me.profile.emailAddress, ProfileId: id },
      me.accountToken,
    )
    expect(name.status).toBe(202)
    expect(await name.json()).toMatchObject({ errorMessage: 'That user name is already in use. Please choose another.' })
    const email = await call(
      'PUT',
      '/v1/profile',
      { UserName: me.profile.userName, EmailAddress: sam.email.toUpperCase(), ProfileId: id, CurrentPassword: persona('direct.edge-cases').password },
      me.accountToken,
    )
    expect(email.status).toBe(202)
    expect(await email.json()).toMatchObject({ errorMessage: 'That email address is already in use by another profile.' })
    // its own name in another case is fine
    const own = await call(
      'PUT',
      '/v1/profile',
      { UserName: me.profile.userName.toUpperCase(), EmailAddress: me.profile.emailAddress, ProfileId: id },
      me.accountToken,
    )
    expect(own.status).toBe(200)
  })

  it('400 with the Manage Profile messages; 404 for another profile; 401 without a session', async () => {
    const me = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const id = me.profile.profileId
    const cases: [Record<string, string>, string][] = [
      [{ UserName: ' ', EmailAddress: 'a@b.co' }, 'User Name Required.'],
      [{ UserName: 'u'.repeat(51), EmailAddress: 'a@b.co' }, 'The maximum length allowed is 50'],
      [{ UserName: 'sam', EmailAddress: '' }, 'Email Address Required'],
      [{ UserName: 'sam', EmailAddress: 'nope' }, 'Email Address Invalid'],
    ]
    for (const [b, message] of cases) {
      const res = await call('PUT', '/v1/profile', { ...b, ProfileId: id }, me.accountToken)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(message)
    }
    const other = await call('PUT', '/v1/profile', { UserName: 'taken.over', EmailAddress: 'x@example.com', ProfileId: 'p-maria' }, me.accountToken)
    expect(other.status).toBe(404)
    const maria = await env.DB.prepare("SELECT user_name FROM profiles WHERE profile_id = 'p-maria'").first<{ user_name: string }>()
    expect(maria!.user_name).toBe(persona('direct.multi').userName)
    expect((await call('PUT', '/v1/profile', { UserName: 'x', EmailAddress: 'x@example.com', ProfileId: id })).status).toBe(401)
  })
})

describe('a new email address and its notice are one write', () => {
  it("when the notice cannot be queued, the email address does not change either: 202 'Profile update failed. Please try again.'", async () => {
    const p = persona('direct.multi')
    const me = await loginToken(p.userName, p.password)
    await env.DB.prepare("CREATE TRIGGER fail_outbox BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox down'); END").run()
    let res: Response
    try {
      res = await call(
        'PUT',
        '/v1/profile',
        { UserName: p.userName, EmailAddress: 'maria.gone@example.com', ProfileId: me.profile.profileId, CurrentPassword: p.password },
        me.accountToken,
      )
    } finally {
      await env.DB.prepare('DROP TRIGGER fail_outbox').run()
    }
    expect(res.status).toBe(202)
    expect(await res.json()).toMatchObject({ errorMessage: 'Profile update failed. Please try again.' })
    const row = await env.DB.prepare('SELECT email_address FROM profiles WHERE profile_id = ?').bind(me.profile.profileId).first<{ email_address: string }>()
    expect(row!.email_address).toBe(p.email)
  })
})

describe('PUT /v1/profile/password', () => {
  it('changes the password, revokes every session of the profile, and hands the caller a new token', async () => {
    const p = persona('direct.partner')
    const first = await loginToken(p.userName, p.password)
    const second = await loginToken(p.userName, p.password)
    const res = await call(
      'PUT',
      '/v1/profile/password',
      { Password: 'Brand#New9', ProfileId: first.profile.profileId, CurrentPassword: p.password },
      first.accountToken,
    )
    expect(res.status).toBe(200)
    const fresh = (await res.json()) as { accountToken: string; tokenType: string }
    expect(fresh.tokenType).toBe('Bearer')
    for (const old of [first.accountToken, second.accountToken]) {
      expect((await call('POST', '/v1/common/token', undefined, old)).status).toBe(401)
    }
    expect((await call('POST', '/v1/common/token', undefined, fresh.accountToken)).status).toBe(200)
    expect((await call('POST', '/v1/profile/login/', { userName: p.userName, password: p.password })).status).toBe(401)
    expect((await call('POST', '/v1/profile/login/', { userName: p.userName, password: 'Brand#New9' })).status).toBe(200)
    expect((await mailTo(p.email)).some((m) => m.kind === 'password-changed')).toBe(true)
  })

  it('400 for the complexity rule; 404 for another profile', async () => {
    const me = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const weak = await call(
      'PUT',
      '/v1/profile/password',
      { Password: 'lowercase1', ProfileId: me.profile.profileId, CurrentPassword: persona('direct.single').password },
      me.accountToken,
    )
    expect(weak.status).toBe(400)
    expect(((await weak.json()) as { errorMessage: string }).errorMessage).toBe(RULE)
    const other = await call(
      'PUT',
      '/v1/profile/password',
      { Password: 'Taken#Over1', ProfileId: 'p-maria', CurrentPassword: persona('direct.single').password },
      me.accountToken,
    )
    expect(other.status).toBe(404)
  })

  it("202 'Password update failed. Please try again.' when the change cannot be stored", async () => {
    const me = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const repair = await breakPasswordWrites()
    try {
      const res = await call(
        'PUT',
        '/v1/profile/password',
        { Password: 'Valid#Pass1', ProfileId: me.profile.profileId, CurrentPassword: persona('direct.single').password },
        me.accountToken,
      )
      expect(res.status).toBe(202)
      expect(await res.json()).toMatchObject({ errorMessage: 'Password update failed. Please try again.' })
    } finally {
      await repair()
    }
    expect((await call('POST', '/v1/common/token', undefined, me.accountToken)).status).toBe(200)
  })
})

describe('Your Profile page', () => {
  it('shows the heading, text, fields, Back, Save Profile and a closed Update Password toggle', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.single'))
    const html = await (await b.fetch('/manage-profile')).text()
    expect(html).toContain('<title>Manage Profile - ProgHome</title>')
    expect(html).toContain('<h1 id="profile-heading">Your Profile</h1>')
    expect(html).toContain('Edit the information below to update your profile')
    expect(html).toMatch(/id="f-userName"[^>]*value="sam.single"/i)
    expect(html).toContain('href="/account-home">Back</a>')
    expect(html).toContain('>Save Profile</button>')
    expect(html).toMatch(/<details class="profile-password"><summary class="btn btn--secondary">Update Password<\/summary>/)
    expect(html).toContain('>Save Password</button>')
    expect(await (await b.fetch('/manage-profile?password=1')).text()).toMatch(/<details class="profile-password" open="">/)
  })

  it('profile form: messages with focus, the errorMessage above the form, and a saved status', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.single'))
    const bad = await b.form('/manage-profile', { intent: 'profile', userName: '', emailAddress: 'nope' })
    expect(bad.status).toBe(400)
    const html = await bad.text()
    expect(html).toContain('User Name Required.')
    expect(html).toContain('Email Address Invalid')
    expect(html).toMatch(/<input id="f-userName"[^>]*autofocus/i)
    const taken = await (await b.form('/manage-profile', { intent: 'profile', userName: 'maria.multi', emailAddress: 'sam.single@example.com' })).text()
    expect(taken).toMatch(/role="alert"[^>]*autofocus[^>]*>That user name is already in use/)
    const ok = await b.form('/manage-profile', { intent: 'profile', userName: 'sam.single', emailAddress: 'Sam.Single@Example.com' })
    expect(ok.headers.get('Location')).toBe('/manage-profile?saved=1')
    expect((await b.follow(ok)).html).toContain('role="status">Your profile has been updated.</div>')
  })

  it('password form: required only when open, must match, max 35 and the rule; focus on the first error', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.single'))
    const empty = await (await b.form('/manage-profile', { intent: 'password', password: '', passwordConfirm: '' })).text()
    expect(empty).toMatch(/<details class="profile-password" open="">/)
    expect(empty).toContain('The Password field is required<')
    expect(empty).toContain('The Confirm Password field is required<')
    expect(empty).toContain('The Current Password field is required<')
    expect(empty).toMatch(/<input id="f-currentPassword"[^>]*autofocus/i)
    const mismatch = await (
      await b.form('/manage-profile', {
        intent: 'password',
        currentPassword: persona('direct.single').password,
        password: 'Valid#Pass1',
        passwordConfirm: 'Valid#Pass2',
      })
    ).text()
    expect(mismatch).toContain('Password and Confirmation password do not match')
    expect(mismatch).toMatch(/<input id="f-passwordConfirm"[^>]*autofocus/i)
    const long = await (
      await b.form('/manage-profile', {
        intent: 'password',
        currentPassword: persona('direct.single').password,
        password: 'Aa1'.repeat(12),
        passwordConfirm: 'Aa1'.repeat(12),
      })
    ).text()
    expect(long).toContain('The maximum length allowed is 35')
    const weak = await (
      await b.form('/manage-profile', {
        intent: 'password',
        currentPassword: persona('direct.single').password,
        password: 'ALLUPPER1',
        passwordConfirm: 'ALLUPPER1',
      })
    ).text()
    expect(weak).toContain(RULE)
    // saving the profile form never needs the password fields
    expect((await b.form('/manage-profile', { intent: 'profile', userName: 'sam.single', emailAddress: 'sam.single@example.com' })).status).toBe(303)
  })

  it('password failure shows the spec message; success goes to Account Home and signs out every other session', async () => {
    const p = persona('direct.edge-cases')
    const b = new ProfileBrowser()
    await b.login(p)
    const elsewhere = new ProfileBrowser()
    await elsewhere.login(p)

    const repair = await breakPasswordWrites()
    let failed: string
    try {
      failed = await (
        await b.form('/manage-profile', { intent: 'password', currentPassword: p.password, password: 'Next#Pass22', passwordConfirm: 'Next#Pass22' })
      ).text()
    } finally {
      await repair()
    }
    expect(failed).toMatch(/role="alert"[^>]*autofocus[^>]*>Password update failed. Please try again.</)

    const ok = await b.form('/manage-profile', { intent: 'password', currentPassword: p.password, password: 'Next#Pass22', passwordConfirm: 'Next#Pass22' })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('Location')).toBe('/account-home')
    expect(setCookies(ok).some((c) => c.startsWith('__Host-ph_session='))).toBe(true)
    expect((await b.fetch('/account-home')).status).toBe(200)
    const other = await elsewhere.fetch('/account-home')
    expect(other.status).toBe(401)
    expect(await other.text()).toContain(SESSION_ENDED)
    expect((await new ProfileBrowser().form('/', { userName: p.userName, password: 'Next#Pass22' })).status).toBe(303)
  })
})
