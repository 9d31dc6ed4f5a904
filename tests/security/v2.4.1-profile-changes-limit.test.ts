import { describe, it, expect, beforeAll } from 'vitest'
import { persona, seed } from '../worker/helpers'
import { call, loginToken } from '../worker/profile-helpers'

/** Every /v1 endpoint with an effect has a rate rule keyed on the account: the policy links and the password too. */
beforeAll(() => seed(), 120_000)

describe('profile changes per account', () => {
  it('thirty renames in a quarter hour are answered, the thirty-first is a 429 problem with Retry-After', async () => {
    const pat = await loginToken(persona('direct.partner').userName, persona('direct.partner').password)
    const body = {
      ProfileId: pat.profile.profileId,
      UserName: pat.profile.userName,
      EmailAddress: pat.profile.emailAddress,
      PolicyID: pat.profile.policies[0]!.policyId,
    }
    for (let i = 0; i < 30; i++)
      expect((await call('PUT', '/v1/profile/policy', { ...body, Nickname: `Home ${i}` }, pat.accountToken)).status, `rename ${i + 1}`).toBe(200)
    const refused = await call('PUT', '/v1/profile/policy', { ...body, Nickname: 'One too many' }, pat.accountToken)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Content-Type')).toBe('application/problem+json')
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
  })
})
