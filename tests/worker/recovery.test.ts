import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
import { ProfileBrowser, resetLinkFor } from './profile-helpers'
import { SsoBrowser } from './sso-support'
import { setTwoStepOf, single, profileIdOf } from './stronger-sign-in-support'
import { LINKING_MSG } from '../../shared/identity/schemas/profile-messages'
import { passwordTexts } from '../../worker/pages/identity/texts/sign-in'

/** Recovery (issue 23 item 5, decision 181): the reset link, plus the identity check when the sign-in is stronger. */
beforeAll(() => seed())
afterEach(() => setTwoStepOf(single(), false))

const escaped = (s: string) => s.replace(/'/g, '&#x27;')

async function openResetLink(): Promise<ProfileBrowser> {
  await new SsoBrowser().fetch('/v1/profile/password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Email: single().email }),
  })
  const b = new ProfileBrowser()
  expect((await b.fetch(await resetLinkFor(single().email))).status).toBe(303)
  return b
}

describe('recovery with the reset link', () => {
  it('with 2-step on, asks for the identity check on one of the profile’s policies; right, it resets and says what it reset', async () => {
    await setTwoStepOf(single(), true)
    const profileId = await profileIdOf(single())
    await env.DB.prepare("INSERT INTO known_devices (profile_id, device_id, first_seen_at, remembered_until) VALUES (?, 'abcdabcd', 0, ?)")
      .bind(profileId, Date.now() + 86_400_000)
      .run()
    const holder = (await env.DB.prepare("SELECT last_name, birth_date FROM policies WHERE policy_id = 'HOM4020001'").first<{
      last_name: string
      birth_date: string
    }>())!
    const b = await openResetLink()
    const page = await (await b.fetch('/reset-password')).text()
    expect(page).toContain('Confirm who you are')

    const password = { password: 'Recovered#Pass1', passwordConfirm: 'Recovered#Pass1' }
    const missing = await b.form('/reset-password', password)
    expect(missing.status).toBe(400)
    expect(await missing.text()).toContain('Policy number field is required.')
    const wrong = await b.form('/reset-password', { ...password, policyID: 'HOM4020001', lastName: 'Nobody', birthDate: holder.birth_date })
    expect(await wrong.text()).toContain(escaped(LINKING_MSG.noMatch))
    const right = await b.form('/reset-password', { ...password, policyID: 'HOM4020001', lastName: holder.last_name, birthDate: holder.birth_date })
    expect(right.headers.get('Location')).toBe('/reset-password?done=1')
    expect(await (await b.fetch('/reset-password?done=1')).text()).toContain(passwordTexts.en.whatChanged)
    const remembered = await env.DB.prepare('SELECT remembered_until FROM known_devices WHERE profile_id = ?').bind(profileId).first<number>('remembered_until')
    expect(remembered).toBe(0)
    // The new password works, with its code (2-step stays on).
    expect((await new ProfileBrowser().form('/', { userName: single().userName, password: password.password })).headers.get('Location')).toBe('/sign-in-code')
  })

  it('without 2-step or a passkey, the link alone resets, as before', async () => {
    const b = await openResetLink()
    expect(await (await b.fetch('/reset-password')).text()).not.toContain('Confirm who you are')
  })
})
