import { describe, it, expect, beforeAll } from 'vitest'
import { seed, persona } from '../worker/helpers'
import { call, loginToken, ProfileBrowser, registration, unlinked } from '../worker/profile-helpers'
import { isCommonPassword, meetsPasswordRule } from '../../shared/identity/password-rule'
import { COMMON_PASSWORDS_SORTED } from '../../shared/identity/common-passwords-list'
import { COMMON_PASSWORD_MSG, PROFILE_MSG } from '../../shared/identity/schemas/profile-messages'

/**
 * ASVS V2.1.7 (passwords checked against breached ones), issue 13 item 5, decision 123: wherever a
 * password is chosen (registration, the reset page, the profile's password update), one the
 * complexity rule accepts but that is on the shipped list is refused with its own message.
 */
beforeAll(() => seed())

describe('the list', () => {
  it('holds tens of thousands of passwords and matches case-insensitively', () => {
    expect(COMMON_PASSWORDS_SORTED.split(' ').length).toBeGreaterThan(20_000)
    for (const p of ['Passw0rd', 'Password1', 'Welcome1', 'Iloveyou1', 'Qwerty123', 'Football1']) {
      expect(meetsPasswordRule(p), p).toBe(true)
      expect(isCommonPassword(p), p).toBe(true)
    }
    for (const p of ['Multi#Policy1', 'Fresh#Start1', 'Tide-Pool-Harbor7']) expect(isCommonPassword(p), p).toBe(false)
  })
})

describe('wherever a password is chosen', () => {
  it('registration (API and page) refuses Passw0rd with the message; the spec rule still comes first', async () => {
    const u = unlinked('unregistered.homeowners')
    const res = await call('POST', '/v1/profile', registration(u, { password: 'Passw0rd' }))
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(COMMON_PASSWORD_MSG)
    const weak = await call('POST', '/v1/profile', registration(u, { password: 'password' }))
    expect(((await weak.json()) as { errorMessage: string }).errorMessage).toBe(PROFILE_MSG.passwordRule)
    const { birthDate, ...fields } = registration(u, { password: 'Password1' })
    const page = await new ProfileBrowser().form('/register-policy', { ...fields, birthDate: birthDate ?? '', passwordConfirm: 'Password1' })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain(COMMON_PASSWORD_MSG)
  })

  it('the password update (API and page) refuses Password1', async () => {
    const p = persona('direct.catalog')
    const session = await loginToken(p.userName, p.password)
    const res = await call('PUT', '/v1/profile/password', { Password: 'Password1', ProfileId: session.profile.profileId }, session.accountToken)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(COMMON_PASSWORD_MSG)
    const b = new ProfileBrowser()
    await b.login(p)
    const page = await b.form('/manage-profile', { intent: 'password', password: 'Welcome1', passwordConfirm: 'Welcome1' })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain(COMMON_PASSWORD_MSG)
  })
})
