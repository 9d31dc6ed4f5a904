import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
import { ProfileBrowser } from './profile-helpers'
import { CODE_MSG } from '../../shared/identity/sign-in-code'
import { ageSessions, newestCode, setTwoStepOf, single } from './stronger-sign-in-support'

/**
 * Issue 31 item 6: a step-up code belongs to the session it was mailed for. Asking for one in another
 * session of the same owner leaves it working; asking again in the same session replaces it. A sign-in
 * code keeps its rule: a new sign-in retires the profile's earlier sign-in codes.
 */
beforeAll(() => seed())
afterEach(async () => {
  await setTwoStepOf(single(), false)
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'code-%'").run()
})

const CONFIRM = '/manage-profile/confirm?next=password'
const escaped = (s: string) => s.replace(/'/g, '&#x27;').replace(/"/g, '&quot;')

async function signedIn(): Promise<ProfileBrowser> {
  const b = new ProfileBrowser()
  expect((await b.login(single())).status).toBe(303)
  return b
}

/** Asks for a step-up code in this browser's session; the code mailed. */
async function askForCode(b: ProfileBrowser): Promise<string> {
  expect((await b.form(CONFIRM, { intent: 'send' })).status).toBeLessThan(400)
  return newestCode(single())
}

describe('step-up codes, one per session', () => {
  it("another session's request does not retire this session's code: both codes work, each in its own session", async () => {
    const one = await signedIn()
    const two = await signedIn()
    await ageSessions(single(), 11)
    const first = await askForCode(one)
    const second = await askForCode(two)
    const retired = await env.DB.prepare("SELECT used_at FROM sign_in_codes WHERE purpose = 'step-up' ORDER BY created_at DESC LIMIT 2").all<{
      used_at: number | null
    }>()
    expect(retired.results.map((r) => r.used_at)).toEqual([null, null])
    expect((await one.form(CONFIRM, { intent: 'code', code: first })).headers.get('Location')).toBe('/manage-profile?password=1')
    expect((await two.form(CONFIRM, { intent: 'code', code: second })).headers.get('Location')).toBe('/manage-profile?password=1')
  })

  it('asking again in the same session replaces its code: the older one is used up, the newer works', async () => {
    const b = await signedIn()
    await ageSessions(single(), 11)
    const older = await askForCode(b)
    const newer = await askForCode(b)
    if (older === newer) return // one chance in a million: nothing to tell apart
    const stale = await b.form(CONFIRM, { intent: 'code', code: older })
    expect(stale.status).toBe(401)
    expect(await stale.text()).toContain(escaped(CODE_MSG.wrong))
    expect((await b.form(CONFIRM, { intent: 'code', code: newer })).headers.get('Location')).toBe('/manage-profile?password=1')
  })

  it('a step-up request leaves a pending 2-step sign-in code working', async () => {
    const b = await signedIn()
    await ageSessions(single(), 11)
    await setTwoStepOf(single(), true)
    const pending = new ProfileBrowser()
    expect((await pending.login(single())).headers.get('Location')).toBe('/sign-in-code')
    const signInCode = await newestCode(single())
    await askForCode(b)
    expect((await pending.form('/sign-in-code', { intent: 'code', code: signInCode })).headers.get('Location')).toBe('/account-home')
  })
})

describe('sign-in codes keep their rule', () => {
  it('a second sign-in retires the first sign-in code of the profile', async () => {
    await setTwoStepOf(single(), true)
    const first = new ProfileBrowser()
    await first.login(single())
    const firstCode = await newestCode(single())
    const second = new ProfileBrowser()
    await second.login(single())
    const secondCode = await newestCode(single())
    const retired = await first.form('/sign-in-code', { intent: 'code', code: firstCode })
    expect(await retired.text()).toContain(escaped(CODE_MSG.used))
    expect(first.cookies.has('__Host-ph_session')).toBe(false)
    expect((await second.form('/sign-in-code', { intent: 'code', code: secondCode })).headers.get('Location')).toBe('/account-home')
  })
})
