import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { persona, seed } from '../worker/helpers'
import { call, loginToken } from '../worker/profile-helpers'
import { ageSessions, newestCode } from '../worker/stronger-sign-in-support'

/**
 * ASVS 5.0 V6.6 (out-of-band codes), issue 31 item 6: a step-up code is bound to the session it was
 * mailed for, so another session of the same owner (a forgotten tab, a second device, a session someone
 * else holds) asking for codes through /v1 cannot retire it: the code the owner is about to type keeps
 * working, and it works only in its own session.
 */
beforeAll(() => seed(), 120_000)
afterEach(async () => {
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'code-%'").run()
})

const owner = () => persona('direct.multi')

describe('a step-up code and the other sessions of its owner', () => {
  it('three requests from another session leave it working; it still confirms only its own session', async () => {
    const mine = (await loginToken(owner().userName, owner().password)).accountToken
    const other = (await loginToken(owner().userName, owner().password)).accountToken
    await ageSessions(owner(), 11)
    expect((await call('POST', '/v1/profile/step-up/code', undefined, mine)).status).toBe(204)
    const code = await newestCode(owner())
    for (let i = 0; i < 3; i++) expect((await call('POST', '/v1/profile/step-up/code', undefined, other)).status).toBe(204)
    if ((await newestCode(owner())) !== code) expect((await call('POST', '/v1/profile/step-up', { code }, other)).status).toBe(401)
    expect((await call('POST', '/v1/profile/step-up', { code }, mine)).status).toBe(204)
    // used once: a replay in its own session is refused
    expect((await call('POST', '/v1/profile/step-up', { code }, mine)).status).toBe(401)
  })
})
