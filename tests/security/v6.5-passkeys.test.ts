import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, persona, seed } from '../worker/helpers'
import { ProfileBrowser } from '../worker/profile-helpers'
import { ageSessions, mailKindsTo, setTwoStepOf } from '../worker/stronger-sign-in-support'
import { authenticationResponse, newSoftPasskey, registrationResponse, type SoftPasskey } from '../worker/soft-authenticator'
import { PASSKEY_MSG } from '../../shared/identity/passkeys'

/**
 * ASVS 5.0 V6.5 (general multi-factor requirements) for passkeys, issue 23 item 1, decision 181: a
 * challenge works once, for 5 minutes, in the session it was given to; a replayed or moved assertion, an
 * unknown passkey and another origin are refused. Against the real verification (@simplewebauthn/server),
 * with a software authenticator (tests/worker/soft-authenticator.ts).
 */
beforeAll(() => seed())
const catalog = () => persona('direct.catalog')
afterEach(async () => {
  await setTwoStepOf(catalog(), false)
  await env.DB.prepare('DELETE FROM passkeys').run()
})

const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'portal' }
const post = (b: ProfileBrowser, path: string, body: unknown = {}) => b.fetch(path, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) })

async function signedIn(): Promise<ProfileBrowser> {
  const b = new ProfileBrowser()
  expect((await b.login(catalog())).headers.get('Location')).toBe('/account-home')
  return b
}

async function addPasskey(b: ProfileBrowser, passkey: SoftPasskey, name = 'My laptop') {
  const { challengeId, options } = (await (await post(b, '/v1/profile/passkeys/options')).json()) as { challengeId: string; options: never }
  const response = await registrationResponse(passkey, options, ORIGIN)
  return { challengeId, response, answer: await post(b, '/v1/profile/passkeys', { challengeId, name, response }) }
}

async function signInOptions(b: ProfileBrowser) {
  return (await (await post(b, '/v1/profile/passkey-sign-in/options')).json()) as { challengeId: string; options: { challenge: string; rpId: string } }
}

describe('adding a passkey', () => {
  it('stores it once the answer verifies, mails the owner, and lists it; the same answer again is refused (challenge used)', async () => {
    const b = await signedIn()
    const passkey = await newSoftPasskey()
    const { challengeId, response, answer } = await addPasskey(b, passkey)
    expect(answer.status).toBe(201)
    expect((await mailKindsTo(catalog()))[0]).toBe('passkeys-changed')
    const page = await (await b.fetch('/manage-profile/passkeys')).text()
    expect(page).toContain('My laptop')
    expect(page).toContain('Not yet')
    const replay = await post(b, '/v1/profile/passkeys', { challengeId, name: 'Again', response })
    expect(replay.status).toBe(400)
    expect(((await replay.json()) as { detail: string }).detail).toBe(PASSKEY_MSG.challengeGone)
  })

  it('a registration challenge works only in the session it was given to, and only for 5 minutes', async () => {
    const one = await signedIn()
    const two = await signedIn()
    const passkey = await newSoftPasskey()
    const { challengeId, options } = (await (await post(one, '/v1/profile/passkeys/options')).json()) as { challengeId: string; options: never }
    const response = await registrationResponse(passkey, options, ORIGIN)
    expect((await post(two, '/v1/profile/passkeys', { challengeId, name: 'Elsewhere', response })).status).toBe(400)

    const late = await post(one, '/v1/profile/passkeys/options')
    const ceremony = (await late.json()) as { challengeId: string; options: never }
    await env.DB.prepare('UPDATE webauthn_challenges SET expires_at = ? WHERE challenge_id = ?')
      .bind(Date.now() - 1, ceremony.challengeId)
      .run()
    const expired = await post(one, '/v1/profile/passkeys', {
      challengeId: ceremony.challengeId,
      name: 'Late',
      response: await registrationResponse(passkey, ceremony.options, ORIGIN),
    })
    expect(expired.status).toBe(400)
  })

  it('needs a step-up from a session proved more than 10 minutes ago', async () => {
    const b = await signedIn()
    await ageSessions(catalog(), 11)
    expect((await post(b, '/v1/profile/passkeys/options')).status).toBe(403)
    expect(await (await b.fetch('/manage-profile/passkeys')).text()).toContain('/manage-profile/confirm?next=passkeys')
  })
})

describe('signing in with a passkey', () => {
  it('signs in (both steps: no code even with 2-step on), writes its last use, and a replayed assertion is refused', async () => {
    const owner = await signedIn()
    const passkey = await newSoftPasskey()
    expect((await addPasskey(owner, passkey)).answer.status).toBe(201)
    await setTwoStepOf(catalog(), true)

    const b = new ProfileBrowser()
    const { challengeId, options } = await signInOptions(b)
    const response = await authenticationResponse(passkey, options, ORIGIN)
    const ok = await post(b, '/v1/profile/passkey-sign-in', { challengeId, response })
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as { next: string }).next).toBe('/account-home')
    expect((await b.fetch('/account-home')).status).toBe(200)
    expect(await (await owner.fetch('/manage-profile/passkeys')).text()).not.toContain('Not yet')

    const thief = new ProfileBrowser()
    const replay = await post(thief, '/v1/profile/passkey-sign-in', { challengeId, response })
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { detail: string }).detail).toBe(PASSKEY_MSG.challengeGone)
    // The old assertion under a new challenge: its signature covers the old one.
    const fresh = await signInOptions(thief)
    const moved = await post(thief, '/v1/profile/passkey-sign-in', { challengeId: fresh.challengeId, response })
    expect(moved.status).toBe(401)
    expect(((await moved.json()) as { detail: string }).detail).toBe(PASSKEY_MSG.notSignedIn)
    expect((await thief.fetch('/account-home')).status).toBe(401)
  })

  it('refuses an unknown passkey, an expired challenge, and an answer for another origin', async () => {
    const owner = await signedIn()
    const passkey = await newSoftPasskey()
    await addPasskey(owner, passkey)
    const b = new ProfileBrowser()

    const stranger = await newSoftPasskey()
    stranger.userHandle = passkey.userHandle
    const unknown = await signInOptions(b)
    expect(
      (
        await post(b, '/v1/profile/passkey-sign-in', {
          challengeId: unknown.challengeId,
          response: await authenticationResponse(stranger, unknown.options, ORIGIN),
        })
      ).status,
    ).toBe(401)

    const late = await signInOptions(b)
    await env.DB.prepare('UPDATE webauthn_challenges SET expires_at = ? WHERE challenge_id = ?')
      .bind(Date.now() - 1, late.challengeId)
      .run()
    const expired = await post(b, '/v1/profile/passkey-sign-in', {
      challengeId: late.challengeId,
      response: await authenticationResponse(passkey, late.options, ORIGIN),
    })
    expect(((await expired.json()) as { detail: string }).detail).toBe(PASSKEY_MSG.challengeGone)

    const phish = await signInOptions(b)
    const elsewhere = await post(b, '/v1/profile/passkey-sign-in', {
      challengeId: phish.challengeId,
      response: await authenticationResponse(passkey, phish.options, 'https://proghome-login.example'),
    })
    expect(elsewhere.status).toBe(401)
  })

  it('the login page offers the prompt only to a browser that used passkeys here, or asked for it', async () => {
    const plain = await (await new ProfileBrowser().fetch('/')).text()
    expect(plain).not.toContain('type="module"')
    expect(plain).toContain('href="/?passkey=1"')
    const asked = await (await new ProfileBrowser().fetch('/?passkey=1')).text()
    expect(asked).toContain('data-script-island="passkey-sign-in"')
    expect(asked).toMatch(/autocomplete="username webauthn"/i)
  })
})

describe('step-up with a passkey (decision 180)', () => {
  it("confirms a session proved long ago with the profile's own passkey, once, in that session only", async () => {
    const b = await signedIn()
    const other = await signedIn()
    const passkey = await newSoftPasskey()
    expect((await addPasskey(b, passkey)).answer.status).toBe(201)
    await ageSessions(catalog(), 11)
    expect((await post(b, '/v1/profile/passkeys/options')).status).toBe(403)

    const mine = (await (await post(b, '/v1/profile/step-up/passkey/options')).json()) as { challengeId: string; options: { challenge: string; rpId: string } }
    const response = await authenticationResponse(passkey, mine.options, ORIGIN)
    // Another session of the same profile cannot use this session's challenge.
    expect((await post(other, '/v1/profile/step-up/passkey', { challengeId: mine.challengeId, response })).status).toBe(401)
    const fresh = (await (await post(b, '/v1/profile/step-up/passkey/options')).json()) as { challengeId: string; options: { challenge: string; rpId: string } }
    const ok = await post(b, '/v1/profile/step-up/passkey', {
      challengeId: fresh.challengeId,
      response: await authenticationResponse(passkey, fresh.options, ORIGIN),
    })
    expect(ok.status).toBe(204)
    expect((await post(b, '/v1/profile/passkeys/options')).status).toBe(200)
    expect((await post(other, '/v1/profile/passkeys/options')).status).toBe(403)
    const replay = await post(b, '/v1/profile/step-up/passkey', { challengeId: fresh.challengeId, response })
    expect(replay.status).toBe(401)
  })

  it("another profile's passkey confirms nothing", async () => {
    const owner = await signedIn()
    const catalogs = await newSoftPasskey()
    await addPasskey(owner, catalogs)
    const sam = new ProfileBrowser()
    await sam.login(persona('direct.single'))
    // Without a passkey of its own, there is nothing to confirm with.
    expect((await post(sam, '/v1/profile/step-up/passkey/options')).status).toBe(404)
    await addPasskey(sam, await newSoftPasskey(), 'Sam laptop')
    const ceremony = (await (await post(sam, '/v1/profile/step-up/passkey/options')).json()) as {
      challengeId: string
      options: { challenge: string; rpId: string }
    }
    const foreign = await post(sam, '/v1/profile/step-up/passkey', {
      challengeId: ceremony.challengeId,
      response: await authenticationResponse(catalogs, ceremony.options, ORIGIN),
    })
    expect(foreign.status).toBe(401)
    expect(((await foreign.json()) as { detail: string }).detail).toBe(PASSKEY_MSG.unknown)
  })
})
