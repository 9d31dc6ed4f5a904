import { describe, it, expect, beforeAll } from 'vitest'
import { Browser, seed, persona } from '../worker/helpers'
import { call, freshIp, loginToken, registration, unlinked } from '../worker/profile-helpers'
import { TOO_MANY } from '../../worker/middleware/rate-rules'

/**
 * ASVS V11.1.4 (anti-automation against excessive calls), issue 13 item 7, decision 125: answers that
 * tell whether a user name, an email address or a partner policy exists are limited per policy, per
 * session and per address; the refusal is a 429 with Retry-After and a clear message.
 */
beforeAll(() => seed())

async function expectLimited(res: Response): Promise<void> {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
  expect(await res.json()).toMatchObject({ errorMessage: TOO_MANY })
}

describe('availability answers are limited', () => {
  it('registration: ten answers for one policy, then 429, whatever address asks', async () => {
    const u = unlinked('unregistered.flood')
    const taken = persona('direct.single')
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/v1/profile', registration(u, { userName: `${taken.userName}` }))
      expect(res.status, `probe ${i + 1}`).toBe(202)
    }
    await expectLimited(await call('POST', '/v1/profile', registration(u, { userName: 'someone.else' })))
  })

  it('a request refused for its input (400) costs nothing', async () => {
    const u = unlinked('unregistered.excess-flood')
    for (let i = 0; i < 15; i++) expect((await call('POST', '/v1/profile', registration(u, { emailAddress: 'not-an-email' }))).status).toBe(400)
    expect((await call('POST', '/v1/profile', registration(u, { lastName: 'Wrong' }))).status).toBe(202)
  })

  it('profile edit: ten answers per session, then 429', async () => {
    const p = persona('direct.multi')
    const me = await loginToken(p.userName, p.password)
    const other = persona('direct.catalog')
    for (let i = 0; i < 10; i++) {
      const res = await call('PUT', '/v1/profile', { UserName: other.userName, EmailAddress: p.email, ProfileId: me.profile.profileId }, me.accountToken)
      expect(res.status, `probe ${i + 1}`).toBe(202)
    }
    await expectLimited(await call('PUT', '/v1/profile', { UserName: 'free.name.42', EmailAddress: p.email, ProfileId: me.profile.profileId }, me.accountToken))
  })

  it('verifyPgr: ten answers per policy number, and thirty per address', async () => {
    const partner = unlinked('unregistered.partner').policyId
    for (let i = 0; i < 10; i++) expect((await call('GET', `/v1/profile/verifyPgr/${partner}`)).status).toBe(200)
    await expectLimited(await call('GET', `/v1/profile/verifyPgr/${partner}`))
    const ip = freshIp()
    for (let i = 0; i < 30; i++)
      expect((await call('GET', `/v1/profile/verifyPgr/HOM49${String(i).padStart(5, '0')}`, undefined, undefined, ip)).status).toBe(200)
    await expectLimited(await call('GET', '/v1/profile/verifyPgr/HOM4900099', undefined, undefined, ip))
  })
})

describe('page forms past a limit', () => {
  it("Find My Policy: the eleventh look-up of one policy gets the portal's own page with the message, Retry-After and a way back", async () => {
    const b = new Browser()
    for (let i = 0; i < 10; i++) expect((await b.form('/find-policy', { policyId: 'HOM4900777' })).status, `look-up ${i + 1}`).toBeLessThan(400)
    const res = await b.form('/find-policy', { policyId: 'HOM4900777' })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    const page = await res.text()
    expect(page).toContain('role="alert"')
    expect(page).toContain(TOO_MANY)
    expect(page).toContain('href="/find-policy"')
  })
})

describe('client log lines', () => {
  it('thirty a minute per address, then 429; bodies over 4 KB are refused', async () => {
    const ip = freshIp()
    const line = { loggingLevel: 'Error', pageName: 'Login', functionName: 'submit', message: 'x' }
    for (let i = 0; i < 30; i++) expect((await call('POST', '/v1/common/Log', line, undefined, ip)).status).toBe(204)
    await expectLimited(await call('POST', '/v1/common/Log', line, undefined, ip))
    const big = await call('POST', '/v1/common/Log', { ...line, message: 'y'.repeat(5000) })
    expect(big.status).toBe(413)
  })
})
