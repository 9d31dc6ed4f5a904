import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { persona, seed } from '../worker/helpers'
import { ProfileBrowser } from '../worker/profile-helpers'
import { ageSessions, newestCode, setTwoStepOf } from '../worker/stronger-sign-in-support'
import { CODE_MSG } from '../../shared/identity/sign-in-code'
import { CODE_LIMIT_MSG } from '../../worker/services/identity/sign-in-code'

/**
 * ASVS 5.0 V6.6 (out-of-band authentication codes), issue 23, decisions 179-180: a mailed code is bound
 * to its account (and, for step-up, its session), works once, and its guesses are limited per code,
 * per account and per address. The pending sign-in cookie is signed: a forged one is no sign-in.
 */
beforeAll(() => seed())

const alice = () => persona('direct.single')
const bob = () => persona('direct.multi')
const escaped = (s: string) => s.replace(/'/g, '&#x27;').replace(/"/g, '&quot;')

afterEach(async () => {
  await setTwoStepOf(alice(), false)
  await setTwoStepOf(bob(), false)
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'code-%'").run()
})

describe('sign-in codes', () => {
  it("Bob's code entered in Alice's pending sign-in is wrong, and signs nobody in", async () => {
    await setTwoStepOf(alice(), true)
    await setTwoStepOf(bob(), true)
    const a = new ProfileBrowser()
    const b = new ProfileBrowser()
    await a.login(alice())
    await b.login(bob())
    const bobsCode = await newestCode(bob())
    const aliceCode = await newestCode(alice())
    if (bobsCode === aliceCode) return // one chance in a million: nothing to tell apart
    const res = await a.form('/sign-in-code', { intent: 'code', code: bobsCode })
    expect(res.status).toBe(401)
    expect(await res.text()).toContain(escaped(CODE_MSG.wrong))
    expect(a.cookies.has('__Host-ph_session')).toBe(false)
    // Bob's code still works for Bob: the wrong entry was charged to Alice's code only.
    expect((await b.form('/sign-in-code', { intent: 'code', code: bobsCode })).headers.get('Location')).toBe('/account-home')
  })

  it('a replayed code is refused, through the page and through the API alike', async () => {
    await setTwoStepOf(alice(), true)
    const a = new ProfileBrowser()
    await a.login(alice())
    const pending = a.cookies.get('__Host-ph_pending')!
    const code = await newestCode(alice())
    expect((await a.form('/sign-in-code', { intent: 'code', code })).status).toBe(303)
    const thief = new ProfileBrowser()
    thief.cookies.set('__Host-ph_pending', pending)
    const replay = await thief.form('/sign-in-code', { intent: 'code', code })
    expect(await replay.text()).toContain(escaped(CODE_MSG.used))
    expect(thief.cookies.has('__Host-ph_session')).toBe(false)
    const signInId = pending.split('.')[0]
    const api = await thief.fetch('/v1/profile/login/code', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ signInId, code }),
    })
    expect(api.status).toBe(401)
  })

  it('a forged pending cookie or a made-up signInId is no sign-in', async () => {
    const forged = new ProfileBrowser()
    forged.cookies.set('__Host-ph_pending', 'abcdefghabcdefgh.AAAA')
    expect((await forged.form('/sign-in-code', { intent: 'code', code: '123456' })).status).toBe(400)
    const api = await forged.fetch('/v1/profile/login/code', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ signInId: 'abcdefghabcdefgh', code: '123456' }),
    })
    expect(api.status).toBe(401)
  })

  it('codes mailed are limited per account: the sixth in 15 minutes is refused', async () => {
    await setTwoStepOf(alice(), true)
    const a = new ProfileBrowser()
    await a.login(alice())
    const answers: string[] = []
    for (let i = 0; i < 5; i += 1) answers.push(await (await a.form('/sign-in-code', { intent: 'resend' })).text())
    expect(answers[3]).toContain(CODE_MSG.sent)
    expect(answers[4]).toContain(CODE_LIMIT_MSG)
  })

  it('a step-up code works only in the session it was mailed for', async () => {
    const one = new ProfileBrowser()
    const two = new ProfileBrowser()
    await one.login(alice())
    await two.login(alice())
    await ageSessions(alice(), 11)
    await one.form('/manage-profile/confirm?next=password', { intent: 'send' })
    const code = await newestCode(alice())
    const elsewhere = await two.form('/manage-profile/confirm?next=password', { intent: 'code', code })
    expect(elsewhere.status).toBe(400)
    const change = { intent: 'password', currentPassword: alice().password, password: alice().password, passwordConfirm: alice().password }
    expect((await two.form('/manage-profile', change)).headers.get('Location')).toBe('/manage-profile/confirm?next=password')
    expect((await one.form('/manage-profile/confirm?next=password', { intent: 'code', code })).status).toBe(303)
    expect((await one.form('/manage-profile/confirm?next=password', { intent: 'code', code })).status).toBe(401)
  })
})
