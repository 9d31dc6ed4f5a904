import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona } from '../worker/helpers'
import { call, ProfileBrowser } from '../worker/profile-helpers'
import { LOGIN_LOCKED } from '../../worker/services/identity/login'

/**
 * ASVS V2.2.1 (anti-automation against brute force), issue 13 item 2, decision 121: failures count
 * against the account, whichever of its names was typed; unknown names count and lock the same way,
 * and after the lock every name gets the same message.
 */
beforeAll(() => seed())

const login = (userName: string, password: string) => call('POST', '/v1/profile/login/', { userName, password })

describe('login lockout per account', () => {
  it('five wrong passwords for the user name lock the account: the email address with the right password is refused too', async () => {
    const p = persona('direct.multi')
    for (let i = 0; i < 4; i++) expect(await (await login(p.userName, `Wrong#Guess${i}`)).json()).toMatchObject({ errorMessage: 'Login Failed.' })
    const fifth = await login(p.userName, 'Wrong#Guess4')
    expect(fifth.status).toBe(401)
    expect(await fifth.json()).toMatchObject({ errorMessage: LOGIN_LOCKED })
    for (const name of [p.email, p.email.toUpperCase(), p.userName]) {
      const res = await login(name, p.password)
      expect(res.status, name).toBe(401)
      expect(await res.json()).toMatchObject({ errorMessage: LOGIN_LOCKED })
    }
    const page = await new ProfileBrowser().form('/', { userName: p.email, password: p.password })
    expect(page.status).toBe(401)
    expect(await page.text()).toContain(LOGIN_LOCKED)
  })

  it('an unknown name locks after the same number of failures, with the same message', async () => {
    const ghost = 'nobody-at-all@example.com'
    const answers: { errorMessage?: string }[] = []
    for (let i = 0; i < 6; i++) answers.push((await (await login(ghost, `Wrong#Guess${i}`)).json()) as { errorMessage?: string })
    expect(answers.slice(0, 4).map((a) => a.errorMessage)).toEqual(Array(4).fill('Login Failed.'))
    expect(answers.slice(4).map((a) => a.errorMessage)).toEqual(Array(2).fill(LOGIN_LOCKED))
  })

  it('mixing the user name and the email address still counts against one account', async () => {
    const p = persona('direct.catalog')
    for (let i = 0; i < 4; i++) await login(i % 2 ? p.email : p.userName, `Wrong#Guess${i}`)
    expect(await (await login(p.email, 'Wrong#Guess4')).json()).toMatchObject({ errorMessage: LOGIN_LOCKED })
    const row = await env.DB.prepare(
      "SELECT failures FROM counters WHERE counter_key LIKE 'login:profile:%' AND counter_key = 'login:profile:' || (SELECT profile_id FROM profiles WHERE user_name = ?)",
    )
      .bind(p.userName)
      .first<{ failures: number }>()
    expect(row!.failures).toBe(5)
  })

  it('a success clears the count, so an owner who mistypes now and then is never locked', async () => {
    const p = persona('direct.single')
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) await login(p.userName, `Wrong#Guess${i}`)
      expect((await login(p.email, p.password)).status).toBe(200)
    }
  })
})
