import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { logoutTexts } from '../../worker/pages/identity/texts/sign-in'

const timedOutText = logoutTexts.en.timedOut

/** Issue 21 item 11: SESSION_IDLE_MINUTES shortens a local session, so the timeout warning can be tried within a minute. */
beforeAll(() => seed())

const settings = env as unknown as { SESSION_IDLE_MINUTES?: string }

afterEach(() => {
  delete settings.SESSION_IDLE_MINUTES
})

async function expiresInAfterLogin(): Promise<number> {
  const b = new Browser()
  await b.login(persona('direct.single'))
  const html = await (await b.fetch('/account-home')).text()
  return Number(/data-expires-in="(\d+)"/.exec(html)?.[1])
}

describe('the session length in development', () => {
  it("is spec 000's 15 minutes by default", async () => {
    const seconds = await expiresInAfterLogin()
    expect(seconds).toBeGreaterThan(14 * 60)
    expect(seconds).toBeLessThanOrEqual(15 * 60)
  })

  it('follows SESSION_IDLE_MINUTES: the timer on the page counts from 3 minutes', async () => {
    settings.SESSION_IDLE_MINUTES = '3'
    const seconds = await expiresInAfterLogin()
    expect(seconds).toBeGreaterThan(2 * 60)
    expect(seconds).toBeLessThanOrEqual(3 * 60)
  })

  it('the logout page after inactivity names the minutes the session had', async () => {
    settings.SESSION_IDLE_MINUTES = '3'
    const b = new Browser()
    await b.login(persona('direct.single'))
    const html = await (await b.form('/Logout', { reason: 'inactivity' })).text()
    expect(html).toContain(timedOutText(3))
    expect(timedOutText(3)).toContain('after 3 minutes without activity')
  })
})
