import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona } from '../worker/helpers'
import { call, loginToken, mailTo, ProfileBrowser } from '../worker/profile-helpers'
import { LOGIN_LOCKED } from '../../worker/services/identity/login'
import { CURRENT_PASSWORD_MSG } from '../../shared/identity/schemas/profile-messages'

/**
 * ASVS V2.1.6 (changing a credential requires the current one), issue 13 item 4, decision 130: the
 * password and the email address (where reset links go) change only with the current password, on
 * Your Profile and on PUT /v1/profile and PUT /v1/profile/password. A wrong one counts toward the
 * account's login lockout (decision 121); a new email address is told to the old one.
 */
beforeAll(() => seed())

const WRONG = 'Not#ThePassword1'

async function emailOf(profileId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT email_address FROM profiles WHERE profile_id = ?').bind(profileId).first<{ email_address: string }>()
  return row!.email_address
}

describe('PUT /v1/profile/password needs the current password', () => {
  it('missing: 400; wrong: 202 with a clear message and nothing changes; right: 200', async () => {
    const p = persona('direct.partner')
    const me = await loginToken(p.userName, p.password)
    const id = me.profile.profileId
    const missing = await call('PUT', '/v1/profile/password', { Password: 'Brand#New91', ProfileId: id }, me.accountToken)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ errorMessage: CURRENT_PASSWORD_MSG.required })

    const wrong = await call('PUT', '/v1/profile/password', { Password: 'Brand#New91', ProfileId: id, CurrentPassword: WRONG }, me.accountToken)
    expect(wrong.status).toBe(202)
    expect(await wrong.json()).toMatchObject({ errorMessage: CURRENT_PASSWORD_MSG.wrong })
    // nothing changed: the session still works, the old password still logs in
    expect((await call('POST', '/v1/common/token', undefined, me.accountToken)).status).toBe(200)
    const again = await loginToken(p.userName, p.password)

    const right = await call('PUT', '/v1/profile/password', { Password: 'Brand#New91', ProfileId: id, CurrentPassword: p.password }, again.accountToken)
    expect(right.status).toBe(200)
    expect((await call('POST', '/v1/profile/login/', { userName: p.userName, password: 'Brand#New91' })).status).toBe(200)
  })
})

describe('PUT /v1/profile needs the current password when the email address changes', () => {
  it('a new email without it or with a wrong one is refused (202) and not stored; the user name alone needs none', async () => {
    const p = persona('direct.single')
    const me = await loginToken(p.userName, p.password)
    const id = me.profile.profileId
    const body = { UserName: p.userName, EmailAddress: 'thief@example.com', ProfileId: id }
    const missing = await call('PUT', '/v1/profile', body, me.accountToken)
    expect(missing.status).toBe(202)
    expect(await missing.json()).toMatchObject({ errorMessage: CURRENT_PASSWORD_MSG.requiredForEmail })
    const wrong = await call('PUT', '/v1/profile', { ...body, CurrentPassword: WRONG }, me.accountToken)
    expect(wrong.status).toBe(202)
    expect(await wrong.json()).toMatchObject({ errorMessage: CURRENT_PASSWORD_MSG.wrong })
    expect(await emailOf(id)).toBe(p.email)
    expect((await mailTo(p.email)).some((m) => m.kind === 'email-changed')).toBe(false)

    // the same email in another case, or a new user name, is not an email change
    const rename = await call('PUT', '/v1/profile', { UserName: 'sam.renamed', EmailAddress: p.email.toUpperCase(), ProfileId: id }, me.accountToken)
    expect(rename.status).toBe(200)
  })

  it('with the right password the email changes and the OLD address is told through the outbox', async () => {
    const p = persona('direct.catalog')
    const me = await loginToken(p.userName, p.password)
    const res = await call(
      'PUT',
      '/v1/profile',
      { UserName: p.userName, EmailAddress: 'casey.moved@example.com', ProfileId: me.profile.profileId, CurrentPassword: p.password },
      me.accountToken,
    )
    expect(res.status).toBe(200)
    expect(await emailOf(me.profile.profileId)).toBe('casey.moved@example.com')
    const notice = (await mailTo(p.email)).find((m) => m.kind === 'email-changed')
    expect(notice?.text).toContain('casey.moved@example.com')
  })
})

describe('a wrong current password counts toward the account lockout', () => {
  it('five wrong ones lock the account: the sixth try (even right) is refused, and so is the login', async () => {
    const p = persona('direct.edge-cases')
    const me = await loginToken(p.userName, p.password)
    const id = me.profile.profileId
    const change = (current: string) =>
      call('PUT', '/v1/profile/password', { Password: 'Brand#New92', ProfileId: id, CurrentPassword: current }, me.accountToken)
    for (let i = 0; i < 4; i++) expect(await (await change(`${WRONG}${i}`)).json()).toMatchObject({ errorMessage: CURRENT_PASSWORD_MSG.wrong })
    expect(await (await change(`${WRONG}4`)).json()).toMatchObject({ errorMessage: CURRENT_PASSWORD_MSG.locked })
    expect(await (await change(p.password)).json()).toMatchObject({ errorMessage: CURRENT_PASSWORD_MSG.locked })
    const login = await call('POST', '/v1/profile/login/', { userName: p.email, password: p.password })
    expect(login.status).toBe(401)
    expect(await login.json()).toMatchObject({ errorMessage: LOGIN_LOCKED })
  })
})

describe('Your Profile page', () => {
  it('the password form asks for the current password and ties a wrong one to its field', async () => {
    const p = persona('direct.multi')
    const b = new ProfileBrowser()
    await b.login(p)
    const form = await (await b.fetch('/manage-profile?password=1')).text()
    expect(form).toMatch(/<label for="f-currentPassword">Current Password \*<\/label>/)
    expect(form).toMatch(/<input id="f-currentPassword" type="password" autoComplete="current-password"[^>]*required=""[^>]*name="currentPassword"/)

    const missing = await (
      await b.form('/manage-profile', { intent: 'password', currentPassword: '', password: 'Next#Pass23', passwordConfirm: 'Next#Pass23' })
    ).text()
    expect(missing).toContain(`id="f-currentPassword-error">${CURRENT_PASSWORD_MSG.required}<`)

    const wrong = await b.form('/manage-profile', { intent: 'password', currentPassword: WRONG, password: 'Next#Pass23', passwordConfirm: 'Next#Pass23' })
    expect(wrong.status).toBe(200)
    const html = await wrong.text()
    expect(html).toMatch(/<input id="f-currentPassword"[^>]*aria-invalid="true"[^>]*aria-describedby="f-currentPassword-error"[^>]*autofocus/)
    expect(html).toContain(`id="f-currentPassword-error">${CURRENT_PASSWORD_MSG.wrong}<`)
    expect(html).not.toContain(WRONG)
    expect((await new ProfileBrowser().form('/', { userName: p.userName, password: p.password })).status).toBe(303)
  })

  it('the profile form refuses a new email address without the current password, keeping what was typed', async () => {
    const p = persona('direct.multi')
    const b = new ProfileBrowser()
    await b.login(p)
    const res = await b.form('/manage-profile', { intent: 'profile', userName: p.userName, emailAddress: 'elsewhere@example.com', currentPasswordForEmail: '' })
    const html = await res.text()
    expect(html).toContain(`id="f-currentPasswordForEmail-error">${CURRENT_PASSWORD_MSG.requiredForEmail}<`)
    expect(html).toMatch(/id="f-emailAddress"[^>]*value="elsewhere@example.com"/)
    expect(await emailOf('p-maria')).toBe(p.email)
    const ok = await b.form('/manage-profile', {
      intent: 'profile',
      userName: p.userName,
      emailAddress: 'maria.moved@example.com',
      currentPasswordForEmail: p.password,
    })
    expect(ok.headers.get('Location')).toBe('/manage-profile?saved=1')
    expect(await emailOf('p-maria')).toBe('maria.moved@example.com')
    expect((await mailTo(p.email)).some((m) => m.kind === 'email-changed')).toBe(true)
  })
})
