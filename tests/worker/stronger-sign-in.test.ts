import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
import { ProfileBrowser } from './profile-helpers'
import { CODE_MSG } from '../../shared/identity/sign-in-code'
import { ageSessions, mailKindsTo, newestCode, otherThan, setTwoStepOf, single } from './stronger-sign-in-support'

const SESSION_ENDED = 'Your session has ended. Please return to login to access your account.'
const escaped = (s: string) => s.replace(/'/g, '&#x27;').replace(/"/g, '&quot;')

beforeAll(() => seed())
afterEach(async () => {
  await setTwoStepOf(single(), false)
  // Each test mails several codes; the per-account limit of 5 in 15 minutes is tested on its own.
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'code-%'").run()
})

async function passwordStep(b: ProfileBrowser) {
  const res = await b.login(single())
  expect(res.status).toBe(303)
  return res
}

describe('2-step sign-in (issue 23 item 2)', () => {
  it('asks for the mailed code after the right password, and signs in only with it', async () => {
    await setTwoStepOf(single(), true)
    const b = new ProfileBrowser()
    const res = await passwordStep(b)
    expect(res.headers.get('Location')).toBe('/sign-in-code')
    expect(b.cookies.has('__Host-ph_session')).toBe(false)
    const page = await (await b.fetch('/sign-in-code')).text()
    expect(page).toMatch(/autocomplete="one-time-code"/i)
    expect(page).toMatch(/inputmode="numeric"/i)
    expect(page).toContain('Remember this device for 30 days')
    expect(await (await b.fetch('/account-home')).text()).toContain(SESSION_ENDED)

    const code = await newestCode(single())
    const wrong = await b.form('/sign-in-code', { intent: 'code', code: otherThan(code) })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain(escaped(CODE_MSG.wrong))
    // Pasted with a space: accepted.
    const right = await b.form('/sign-in-code', { intent: 'code', code: `${code.slice(0, 3)} ${code.slice(3)}` })
    expect(right.status).toBe(303)
    expect(right.headers.get('Location')).toBe('/account-home')
    expect((await b.fetch('/account-home')).status).toBe(200)
  })

  it('refuses a used code, an expired code, and a code after 5 wrong entries; Send a new code starts over', async () => {
    await setTwoStepOf(single(), true)
    const b = new ProfileBrowser()
    await passwordStep(b)
    const pending = b.cookies.get('__Host-ph_pending')!
    const code = await newestCode(single())
    expect((await b.form('/sign-in-code', { intent: 'code', code })).status).toBe(303)
    // The same code again, from a copy of the pending cookie: used.
    const replay = new ProfileBrowser()
    replay.cookies.set('__Host-ph_pending', pending)
    const used = await replay.form('/sign-in-code', { intent: 'code', code })
    expect(used.status).toBe(401)
    expect(await used.text()).toContain(escaped(CODE_MSG.used))

    const c = new ProfileBrowser()
    await passwordStep(c)
    await env.DB.prepare('UPDATE sign_in_codes SET expires_at = ? WHERE used_at IS NULL')
      .bind(Date.now() - 1)
      .run()
    const expired = await c.form('/sign-in-code', { intent: 'code', code: await newestCode(single()) })
    expect(expired.status).toBe(401)
    expect(await expired.text()).toContain(escaped(CODE_MSG.expired))

    const resent = await c.form('/sign-in-code', { intent: 'resend' })
    expect(await resent.text()).toContain(CODE_MSG.sent)
    const fresh = await newestCode(single())
    const answers: string[] = []
    for (let i = 0; i < 5; i += 1) answers.push(await (await c.form('/sign-in-code', { intent: 'code', code: otherThan(fresh) })).text())
    expect(answers[3]).toContain(escaped(CODE_MSG.wrong))
    expect(answers[4]).toContain(escaped(CODE_MSG.tooManyTries))
    const late = await c.form('/sign-in-code', { intent: 'code', code: fresh })
    expect(await late.text()).toContain(escaped(CODE_MSG.tooManyTries))
    await c.form('/sign-in-code', { intent: 'resend' })
    expect((await c.form('/sign-in-code', { intent: 'code', code: await newestCode(single()) })).headers.get('Location')).toBe('/account-home')
  })

  it("remembers the device for 30 days when asked: that browser's next login needs no code, another browser's does", async () => {
    await setTwoStepOf(single(), true)
    const b = new ProfileBrowser()
    await passwordStep(b)
    await b.form('/sign-in-code', { intent: 'code', code: await newestCode(single()), remember: 'on' })
    expect((await b.login(single())).headers.get('Location')).toBe('/account-home')
    expect((await new ProfileBrowser().login(single())).headers.get('Location')).toBe('/sign-in-code')
  })

  it('without a pending sign-in, the code page says to log in again', async () => {
    const res = await new ProfileBrowser().fetch('/sign-in-code')
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(CODE_MSG.pendingGone)
  })

  it('the API: login answers 202 with a signInId, and /v1/profile/login/code finishes it', async () => {
    await setTwoStepOf(single(), true)
    const b = new ProfileBrowser()
    const first = await b.fetch('/v1/profile/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: single().userName, password: single().password }),
    })
    expect(first.status).toBe(202)
    const { signInId } = (await first.json()) as { signInId: string }
    const finish = (code: string) =>
      b.fetch('/v1/profile/login/code', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ signInId, code }) })
    const code = await newestCode(single())
    expect((await finish(otherThan(code))).status).toBe(401)
    const ok = await finish(code)
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as { accountToken: string }).accountToken).toBeTruthy()
    const again = await finish(code)
    expect(again.status).toBe(401)
    expect(((await again.json()) as { detail: string }).detail).toBe(CODE_MSG.used)
  })

  it('turning it on mails the owner; turning it off from a session proved long ago asks for a step-up code first', async () => {
    const b = new ProfileBrowser()
    await passwordStep(b)
    expect((await b.form('/manage-profile/two-step', { turn: 'on' })).headers.get('Location')).toBe('/manage-profile/two-step?done=on')
    expect((await mailKindsTo(single()))[0]).toBe('two-step-changed')
    await ageSessions(single(), 11)
    expect((await b.form('/manage-profile/two-step', { turn: 'off' })).headers.get('Location')).toBe('/manage-profile/confirm?next=two-step')
    await b.form('/manage-profile/confirm?next=two-step', { intent: 'send' })
    const confirmed = await b.form('/manage-profile/confirm?next=two-step', { intent: 'code', code: await newestCode(single()) })
    expect(confirmed.headers.get('Location')).toBe('/manage-profile/two-step')
    expect((await b.form('/manage-profile/two-step', { turn: 'off' })).headers.get('Location')).toBe('/manage-profile/two-step?done=off')
  })
})

describe('new-device notice (issue 23 item 4)', () => {
  it('mails the owner on a sign-in from a browser never seen for the profile, not again from the same browser', async () => {
    const count = async () => (await mailKindsTo(single())).filter((k) => k === 'new-device-sign-in').length
    const before = await count()
    const b = new ProfileBrowser()
    await passwordStep(b)
    expect(b.cookies.has('__Host-ph_device')).toBe(true)
    expect(await count()).toBe(before + 1)
    // Issue 35: when it happened on a named clock a person reads, not UTC.
    const notice = await env.DB.prepare(
      "SELECT json_extract(payload, '$.text') AS text FROM outbox WHERE channel = 'mail' AND json_extract(payload, '$.kind') = 'new-device-sign-in' ORDER BY rowid DESC LIMIT 1",
    ).first<{ text: string }>()
    expect(notice!.text).toMatch(/When: \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M E[SD]T/)
    expect(notice!.text).not.toMatch(/GMT|UTC/)
    await passwordStep(b)
    expect(await count()).toBe(before + 1)
    // A forged device cookie is no known device.
    const forged = new ProfileBrowser()
    forged.cookies.set('__Host-ph_device', `${b.cookies.get('__Host-ph_device')!.split('.')[0]}.forged`)
    await passwordStep(forged)
    expect(await count()).toBe(before + 2)
  })
})

describe('where you are signed in (issue 23 item 4)', () => {
  it('lists the sessions with this one marked; Sign out ends another at once; Sign out everywhere else ends the rest', async () => {
    const here = new ProfileBrowser()
    const phone = new ProfileBrowser()
    const tablet = new ProfileBrowser()
    await passwordStep(phone)
    await phone.fetch('/account-home', { headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile Safari/604.1' } })
    await tablet.fetch('/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36' },
      body: new URLSearchParams({ userName: single().userName, password: single().password }).toString(),
    })
    await passwordStep(here)
    const list = await (await here.fetch('/manage-profile/sessions')).text()
    expect(list).toContain('Where You Are Signed In')
    expect(list.match(/This device/g)).toHaveLength(1)
    expect(list).toContain('Chrome on Android')
    const handles = [...list.matchAll(/name="session" value="([a-p]+)"/g)].map((m) => m[1]!)
    expect(handles.length).toBeGreaterThanOrEqual(2)
    expect(list).not.toMatch(/session_id|__Host-ph_session/)
    // Issue 35: the same 12-hour clock as elsewhere, never a 24-hour time.
    const times = [...list.matchAll(/<time dateTime="[^"]+">([^<]+)<\/time>/gi)].map((m) => m[1]!)
    expect(times.length).toBeGreaterThanOrEqual(1)
    for (const t of times) expect(t).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/)

    const before = await Promise.all([phone, tablet].map(async (b) => (await b.fetch('/account-home')).status))
    expect(before).toEqual([200, 200])
    // Sign out the Android session (the tablet) by its handle.
    const android = list.slice(list.indexOf('Chrome on Android')).match(/name="session" value="([a-p]+)"/)![1]!
    expect((await here.form('/manage-profile/sessions', { intent: 'one', session: android })).headers.get('Location')).toBe('/manage-profile/sessions?done=one')
    expect(await (await tablet.fetch('/account-home')).text()).toContain(SESSION_ENDED)
    expect((await phone.fetch('/account-home')).status).toBe(200)

    // Someone else's handle, or a made-up one, ends nothing.
    expect((await here.form('/manage-profile/sessions', { intent: 'one', session: 'abcdefabcdef' })).headers.get('Location')).toBe(
      '/manage-profile/sessions?done=gone',
    )

    await here.form('/manage-profile/sessions', { intent: 'others' })
    expect(await (await phone.fetch('/account-home')).text()).toContain(SESSION_ENDED)
    expect((await here.fetch('/account-home')).status).toBe(200)
  })
})

describe('step-up before a sensitive change (issue 23 item 3)', () => {
  it('a password change from a session proved more than 10 minutes ago needs a fresh code; a fresh session goes straight through', async () => {
    const b = new ProfileBrowser()
    await passwordStep(b)
    await ageSessions(single(), 11)
    const change = { intent: 'password', currentPassword: single().password, password: single().password, passwordConfirm: single().password }
    expect((await b.form('/manage-profile', change)).headers.get('Location')).toBe('/manage-profile/confirm?next=password')
    const noCode = await b.form('/manage-profile/confirm?next=password', { intent: 'code', code: '123456' })
    expect(noCode.status).toBe(400)
    await b.form('/manage-profile/confirm?next=password', { intent: 'send' })
    const code = await newestCode(single())
    expect((await b.form('/manage-profile/confirm?next=password', { intent: 'code', code: otherThan(code) })).status).toBe(401)
    expect((await b.form('/manage-profile/confirm?next=password', { intent: 'code', code })).headers.get('Location')).toBe('/manage-profile?password=1')
    expect((await b.form('/manage-profile', change)).headers.get('Location')).toBe('/account-home')
  })

  it('the API refuses a stale password change with 403 until POST /v1/profile/step-up takes the mailed code', async () => {
    const b = new ProfileBrowser()
    const login = await b.fetch('/v1/profile/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: single().userName, password: single().password }),
    })
    const { accountToken, profile } = (await login.json()) as { accountToken: string; profile: { profileId: string } }
    const auth = { Authorization: `Bearer ${accountToken}`, 'Content-Type': 'application/json' }
    await ageSessions(single(), 11)
    const body = JSON.stringify({
      ProfileId: profile.profileId,
      CurrentPassword: single().password,
      Password: single().password,
      ConfirmPassword: single().password,
    })
    const put = () => b.fetch('/v1/profile/password', { method: 'PUT', headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() }, body })
    expect((await put()).status).toBe(403)
    expect((await b.fetch('/v1/profile/step-up/code', { method: 'POST', headers: auth })).status).toBe(204)
    const step = await b.fetch('/v1/profile/step-up', { method: 'POST', headers: auth, body: JSON.stringify({ code: await newestCode(single()) }) })
    expect(step.status).toBe(204)
    expect((await put()).status).not.toBe(403)
  })
})
