import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { persona, seed, setCookies } from './helpers'
import { auditEvents, call, loginToken, ProfileBrowser, unlinked, type TokenBody } from './profile-helpers'

beforeAll(() => seed())

const NO_MATCH = 'We could not verify this policy with the information entered. Please check the policy number, last name and date of birth and try again.'

async function answersOf(policyId: string): Promise<{ lastName: string; birthDate: string | null }> {
  const row = await env.DB.prepare('SELECT last_name, birth_date FROM policies WHERE policy_id = ?')
    .bind(policyId)
    .first<{ last_name: string; birth_date: string | null }>()
  return { lastName: row!.last_name, birthDate: row!.birth_date }
}

describe('GET /v1/profile/verifyPgr/{policyId}', () => {
  it('says sendToProgressive for a partner-serviced policy', async () => {
    const res = await call('GET', `/v1/profile/verifyPgr/${unlinked('unregistered.partner').policyId}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ sendToProgressive: true, errorMessage: null })
  })

  it('does not tell an unknown number from an unregistered one (Register answers that, behind the identity check)', async () => {
    const known = await call('GET', `/v1/profile/verifyPgr/${unlinked('unregistered.homeowners').policyId}`)
    const unknown = await call('GET', '/v1/profile/verifyPgr/HOM4999999')
    expect(await known.json()).toEqual({ sendToProgressive: false, errorMessage: null })
    expect(await unknown.json()).toEqual({ sendToProgressive: false, errorMessage: null })
  })

  it('gives an errorMessage for a malformed number, and for a policy already on the caller’s profile', async () => {
    const bad = (await (await call('GET', '/v1/profile/verifyPgr/FLD%2040')).json()) as { errorMessage: string }
    expect(bad.errorMessage).toMatch(/^Please enter the policy number as its three-letter prefix/)
    const maria = await loginToken(persona('direct.multi').userName, persona('direct.multi').password)
    const own = await call('GET', `/v1/profile/verifyPgr/${persona('direct.multi').policies[0]!.policyId}`, undefined, maria.accountToken)
    expect(await own.json()).toEqual({ sendToProgressive: false, errorMessage: 'This policy is already on your profile.' })
  })
})

describe('POST /v1/profile/policy (add)', () => {
  it('needs a profile session, and acts only on the session’s own profile', async () => {
    const u = unlinked('unregistered.flood')
    const body = { profileId: 'p-maria', policyID: u.policyId, lastName: u.lastName, birthDate: null }
    expect((await call('POST', '/v1/profile/policy', body)).status).toBe(401)
    const sam = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const res = await call('POST', '/v1/profile/policy', body, sam.accountToken)
    expect(res.status).toBe(404)
    expect(await env.DB.prepare('SELECT 1 FROM profile_policies WHERE policy_id = ?').bind(u.policyId).first()).toBeNull()
  })

  it('202: wrong last name, wrong date of birth and unknown number give one answer', async () => {
    const maria = await loginToken(persona('direct.multi').userName, persona('direct.multi').password)
    const id = maria.profile.profileId
    const u = unlinked('unregistered.homeowners')
    for (const body of [
      { profileId: id, policyID: u.policyId, lastName: 'Wrong', birthDate: u.birthDate },
      { profileId: id, policyID: u.policyId, lastName: u.lastName, birthDate: '1975-04-11' },
      { profileId: id, policyID: 'HOM4999997', lastName: u.lastName, birthDate: u.birthDate },
    ]) {
      const res = await call('POST', '/v1/profile/policy', body, maria.accountToken)
      expect(res.status).toBe(202)
      expect(await res.json()).toMatchObject({ errorMessage: NO_MATCH })
    }
  })

  it('200: links the policy, returns profile and new token data, and revokes the old token (rotation)', async () => {
    const maria = await loginToken(persona('direct.multi').userName, persona('direct.multi').password)
    const u = unlinked('unregistered.flood')
    const res = await call(
      'POST',
      '/v1/profile/policy',
      {
        profileId: maria.profile.profileId,
        userName: maria.profile.userName,
        emailAddress: maria.profile.emailAddress,
        policyID: u.policyId.toLowerCase(),
        lastName: u.lastName.toUpperCase(),
        birthDate: '',
      },
      maria.accountToken,
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as TokenBody
    expect(body.profile.policies.map((p) => p.policyId)).toContain(u.policyId)
    expect(body.accountToken).not.toBe(maria.accountToken)
    expect((await call('GET', `/v1/flood/GetPolicy/${u.policyId}`, undefined, body.accountToken)).status).toBe(200)
    expect((await call('POST', '/v1/common/token', undefined, maria.accountToken)).status).toBe(401)

    const again = await call(
      'POST',
      '/v1/profile/policy',
      {
        profileId: maria.profile.profileId,
        policyID: u.policyId,
        lastName: u.lastName,
        birthDate: null,
      },
      body.accountToken,
    )
    expect(again.status).toBe(202)
    expect(await again.json()).toMatchObject({ errorMessage: 'This policy is already on your profile.' })
  })

  it('202: a policy on another profile is a clear errorMessage after a correct identity check, never a second link', async () => {
    const sam = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const marias = persona('direct.multi').policies[0]!.policyId
    const res = await call('POST', '/v1/profile/policy', { profileId: sam.profile.profileId, policyID: marias, ...(await answersOf(marias)) }, sam.accountToken)
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({
      errorMessage: 'This policy is already registered to another profile. Log in to that profile, or use Forgot your password? to recover it.',
    })
    const owner = await env.DB.prepare('SELECT profile_id FROM profile_policies WHERE policy_id = ?').bind(marias).first<{ profile_id: string }>()
    expect(owner!.profile_id).toBe('p-maria')
  })

  it('locks the policy number after repeated wrong answers', async () => {
    const erin = await loginToken(persona('direct.edge-cases').userName, persona('direct.edge-cases').password)
    const u = unlinked('unregistered.excess-flood')
    for (let i = 0; i < 5; i++) {
      await call('POST', '/v1/profile/policy', { profileId: erin.profile.profileId, policyID: u.policyId, lastName: `Guess${i}` }, erin.accountToken)
    }
    const right = await call('POST', '/v1/profile/policy', { profileId: erin.profile.profileId, policyID: u.policyId, lastName: u.lastName }, erin.accountToken)
    expect(right.status).toBe(202)
    expect(((await right.json()) as { errorMessage: string }).errorMessage).toMatch(/temporarily locked/)
    expect((await auditEvents('policy.verify_locked')).some((e) => e.detail === u.policyId)).toBe(true)
  })
})

describe('PUT and DELETE /v1/profile/policy', () => {
  it('PUT renames, and writes only when the nickname changed', async () => {
    const sam = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const policyId = sam.profile.policies[0]!.policyId
    const body = { ProfileId: sam.profile.profileId, UserName: sam.profile.userName, EmailAddress: sam.profile.emailAddress, PolicyID: policyId }
    const before = (await auditEvents('policy.renamed')).length
    const res = await call('PUT', '/v1/profile/policy', { ...body, Nickname: 'Lake House' }, sam.accountToken)
    expect(res.status).toBe(200)
    expect(((await res.json()) as TokenBody['profile']).policies[0]!.policyNickname).toBe('Lake House')
    const same = await call('PUT', '/v1/profile/policy', { ...body, Nickname: ' Lake House ' }, sam.accountToken)
    expect(same.status).toBe(200)
    expect((await auditEvents('policy.renamed')).length).toBe(before + 1)
  })

  it('PUT: maximum 20, a policy not on the profile, another profile', async () => {
    const sam = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const base = { ProfileId: sam.profile.profileId, PolicyID: sam.profile.policies[0]!.policyId }
    const long = await call('PUT', '/v1/profile/policy', { ...base, Nickname: 'x'.repeat(21) }, sam.accountToken)
    expect(long.status).toBe(400)
    expect(((await long.json()) as { errorMessage: string }).errorMessage).toBe('The maximum length allowed is 20')
    const notMine = await call(
      'PUT',
      '/v1/profile/policy',
      { ...base, PolicyID: persona('direct.multi').policies[0]!.policyId, Nickname: 'Mine' },
      sam.accountToken,
    )
    expect(notMine.status).toBe(202)
    expect(await notMine.json()).toMatchObject({ errorMessage: 'This policy is not on your profile.' })
    const other = await call('PUT', '/v1/profile/policy', { ...base, ProfileId: 'p-maria', Nickname: 'Mine' }, sam.accountToken)
    expect(other.status).toBe(404)
  })

  it('DELETE removes a policy (JSON body) and rotates the session; the last policy cannot be removed', async () => {
    const erin = await loginToken(persona('direct.edge-cases').userName, persona('direct.edge-cases').password)
    const target = erin.profile.policies[erin.profile.policies.length - 1]!.policyId
    const res = await call('DELETE', '/v1/profile/policy', { ProfileId: erin.profile.profileId, PolicyID: target, Nickname: '' }, erin.accountToken)
    expect(res.status).toBe(200)
    const body = (await res.json()) as TokenBody
    expect(body.profile.policies.map((p) => p.policyId)).not.toContain(target)
    expect((await call('POST', '/v1/common/token', undefined, erin.accountToken)).status).toBe(401)
    const family = /^(AEX|EX|FLD)/.test(target) ? 'flood' : 'homeowners'
    expect((await call('GET', `/v1/${family}/GetPolicy/${target}`, undefined, body.accountToken)).status).toBe(404)

    const sam = await loginToken(persona('direct.single').userName, persona('direct.single').password)
    const last = await call('DELETE', '/v1/profile/policy', { ProfileId: sam.profile.profileId, PolicyID: sam.profile.policies[0]!.policyId }, sam.accountToken)
    expect(last.status).toBe(202)
    expect(await last.json()).toMatchObject({ errorMessage: 'Your profile must keep at least one policy, so this policy cannot be removed.' })
    const other = await call('DELETE', '/v1/profile/policy', { ProfileId: 'p-erin', PolicyID: target }, sam.accountToken)
    expect(other.status).toBe(404)
  })
})

describe('Your Policies, Add My Policy and Find My Policy pages', () => {
  it('Your Policies: list, Edit/Save, Remove islands, Back and + Add; Remove disabled with one policy', async () => {
    const maria = new ProfileBrowser()
    await maria.login(persona('direct.multi'))
    const html = await (await maria.fetch('/manage-policies')).text()
    expect(html).toContain('<title>Your Policies - ProgHome</title>')
    for (const p of persona('direct.multi').policies) {
      expect(html).toMatch(new RegExp(`id="policy-${p.policyId}" readonly="" value="${p.policyId}"`, 'i'))
      expect(html).toContain(`Edit<span class="visually-hidden"> nickname of policy ${p.policyId}</span>`)
    }
    expect(html).toContain('data-script-island="confirm-remove-policy"')
    expect(html).toContain('+ Add a policy to your profile')
    expect(html).toContain('href="/account-home">Back</a>')
    expect(html).not.toMatch(/<button type="submit" class="btn btn--secondary" disabled=""[^>]*>Remove/)

    const sam = new ProfileBrowser()
    await sam.login(persona('direct.single'))
    const one = await (await sam.fetch('/manage-policies')).text()
    expect(one).toMatch(/<button type="submit" class="btn btn--secondary" disabled=""[^>]*>Remove/)
  })

  it('Edit opens and focuses the nickname; Save writes it and reloads the list; more than 20 is refused', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.multi'))
    const policyId = persona('direct.multi').policies[1]!.policyId
    const edit = await (await b.fetch(`/manage-policies?edit=${policyId}`)).text()
    expect(edit).toMatch(/<input id="f-nickname"[^>]*autofocus/i)
    expect(edit).toContain(`Save<span class="visually-hidden"> nickname of policy ${policyId}</span>`)
    const saved = await b.form('/manage-policies', { policyId, nickname: 'Beach Condo' })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('Location')).toBe('/manage-policies')
    expect(await (await b.fetch('/manage-policies')).text()).toMatch(new RegExp(`id="nickname-${policyId}" readonly="" value="Beach Condo"`, 'i'))
    const long = await b.form('/manage-policies', { policyId, nickname: 'y'.repeat(21) })
    expect(long.status).toBe(400)
    expect(await long.text()).toContain('The maximum length allowed is 20')
  })

  it('Remove without script: the confirmation page (modal texts, No, Yes); Yes removes and rotates the session', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.catalog'))
    const policyId = persona('direct.catalog').policies[0]!.policyId
    const page = await b.fetch(`/manage-policies/remove?policyId=${policyId}`)
    const html = await page.text()
    expect(html).toContain('<title>Confirm Remove Policy from Profile - ProgHome</title>')
    expect(html).toContain('Are you sure you want to remove this policy?')
    expect(html).toContain(policyId)
    expect(html).toContain('href="/manage-policies">No</a>')
    expect(html).toContain('>Yes</button>')
    const before = b.cookies.get('__Host-ph_session')
    const yes = await b.form('/manage-policies/remove', { policyId })
    expect(yes.status).toBe(303)
    expect(yes.headers.get('Location')).toBe('/manage-policies')
    expect(setCookies(yes).some((c) => c.startsWith('__Host-ph_session='))).toBe(true)
    expect(b.cookies.get('__Host-ph_session')).not.toBe(before)
    expect(await (await b.fetch('/manage-policies')).text()).not.toContain(`value="${policyId}"`)
  })

  it('Remove of the last policy is a system error; the confirmation page is not offered for it', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.single'))
    const policyId = persona('direct.single').policies[0]!.policyId
    expect((await b.fetch(`/manage-policies/remove?policyId=${policyId}`)).headers.get('Location')).toBe('/manage-policies')
    const res = await b.form('/manage-policies/remove', { policyId })
    expect(res.headers.get('Location')).toBe('/system-message')
    const shown = await b.follow(res)
    expect(shown.html).toContain('Your profile must keep at least one policy, so this policy cannot be removed.')
  })

  it('Find as a signed-in profile: Back to Your Policies; an unregistered policy goes to Add; a partner policy to Great News', async () => {
    const b = new ProfileBrowser()
    await b.login(persona('direct.edge-cases'))
    expect(await (await b.fetch('/find-policy')).text()).toContain('href="/manage-policies">Back</a>')
    const add = await b.form('/find-policy', { policyId: unlinked('unregistered.homeowners').policyId })
    expect(add.headers.get('Location')).toBe(`/add-policy?policyId=${unlinked('unregistered.homeowners').policyId}`)
    const partner = await b.form('/find-policy', { policyId: unlinked('unregistered.partner').policyId })
    expect(partner.headers.get('Location')).toBe('/great-news')
    const pat = new ProfileBrowser()
    await pat.login(persona('direct.partner'))
    expect(await (await pat.fetch('/find-policy')).text()).toContain('href="/account-home">Back</a>')
  })

  it('Add My Policy: messages and focus, the errorMessage above the form, success to Account Home', async () => {
    const u = unlinked('unregistered.homeowners')
    const b = new ProfileBrowser()
    await b.login(persona('direct.edge-cases'))
    const page = await (await b.fetch(`/add-policy?policyId=${u.policyId}`)).text()
    expect(page).toContain('<title>Add My Policy - ProgHome</title>')
    expect(page).toMatch(/<input id="f-policyID" readonly="" name="policyID" value="HOM4090001"\/>/i)
    expect(page).toContain('href="/find-policy">Back</a>')
    expect(page).toContain('>Continue</button>')
    const empty = await b.form('/add-policy', { policyID: u.policyId, lastName: '', birthDate: '' })
    expect(empty.status).toBe(400)
    const emptyHtml = await empty.text()
    expect(emptyHtml).toContain('The Last Name field is required.')
    expect(emptyHtml).toMatch(/<input id="f-lastName"[^>]*autofocus/i)
    const future = await (await b.form('/add-policy', { policyID: u.policyId, lastName: u.lastName, birthDate: '2999-12-31' })).text()
    expect(future).toContain('A future date cannot be entered.')
    expect(future).toMatch(/<input id="f-birthDate"[^>]*autofocus/i)
    const wrong = await (await b.form('/add-policy', { policyID: u.policyId, lastName: u.lastName, birthDate: '1975-04-13' })).text()
    expect(wrong).toContain(NO_MATCH)
    const ok = await b.form('/add-policy', { policyID: u.policyId, lastName: u.lastName, birthDate: u.birthDate! })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('Location')).toBe('/account-home')
    expect(await (await b.fetch('/account-home')).text()).toContain(u.policyId)
  })

  it('adding a partner-serviced policy flags the profile (partner banner, Add a Flood Policy)', async () => {
    const u = unlinked('unregistered.partner')
    const b = new ProfileBrowser()
    await b.login(persona('direct.multi'))
    const ok = await b.form('/add-policy', { policyID: u.policyId, lastName: u.lastName, birthDate: u.birthDate! })
    expect(ok.headers.get('Location')).toBe('/account-home')
    const home = await (await b.fetch('/account-home')).text()
    expect(home).toContain('Add a Flood Policy')
    expect(home).toContain('partner-banner')
  })
})
