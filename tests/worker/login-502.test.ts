import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { persona, seed } from './helpers'
import { call, ProfileBrowser } from './profile-helpers'

/**
 * Spec 000 section 8 "HTTP 502 on login" (issue 13, spec gap; decision 131): when the profile store
 * cannot answer, the login shows 'There appears to have been an issue. Please return to the Login page.'
 * with the production-redirect flag (its button reads 'Return to Login'); the API answers 502.
 */
beforeAll(() => seed())

const ISSUE = 'There appears to have been an issue. Please return to the Login page.'

/** Makes one kind of D1 write fail while `run` runs: the outage, reached honestly. */
async function withFailing(table: 'sessions' | 'counters', run: () => Promise<void>): Promise<void> {
  await env.DB.prepare(`CREATE TRIGGER fail_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'store down'); END`).run()
  try {
    await run()
  } finally {
    await env.DB.prepare(`DROP TRIGGER fail_${table}`).run()
  }
}

describe('login while the profile store fails', () => {
  it('the page goes to the system message with the issue text and Return to Login (right password, no session can start)', async () => {
    const p = persona('direct.single')
    const b = new ProfileBrowser()
    let res!: Response
    await withFailing('sessions', async () => {
      res = await b.form('/', { userName: p.userName, password: p.password })
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/system-message')
    const shown = await b.follow(res)
    expect(shown.status).toBe(200)
    expect(shown.html).toContain(ISSUE)
    expect(shown.html).toContain('href="/">Return to Login</a>')
    expect(shown.html).not.toMatch(/Return to (Account Home|Summary)/)
    // no session was left behind
    expect((await b.fetch('/account-home')).status).toBe(401)
  })

  it('a wrong password whose failure cannot be counted is the issue too, not Login Failed or a 500', async () => {
    const p = persona('direct.catalog')
    const b = new ProfileBrowser()
    let res!: Response
    await withFailing('counters', async () => {
      res = await b.form('/', { userName: p.userName, password: 'Wrong#Guess1' })
    })
    expect(res.headers.get('Location')).toBe('/system-message')
    expect((await b.follow(res)).html).toContain(ISSUE)
  })

  it('POST /v1/profile/login answers 502 with the issue message', async () => {
    const p = persona('direct.edge-cases')
    let res!: Response
    await withFailing('sessions', async () => {
      res = await call('POST', '/v1/profile/login/', { userName: p.userName, password: p.password })
    })
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ errorMessage: ISSUE })
    // and once the store is back, the same login works
    expect((await call('POST', '/v1/profile/login/', { userName: p.userName, password: p.password })).status).toBe(200)
  })
})
