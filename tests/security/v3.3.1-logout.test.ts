import { describe, it, expect, beforeAll } from 'vitest'
import { seed, persona, Browser } from '../worker/helpers'
import { call, loginToken } from '../worker/profile-helpers'

/**
 * ASVS V3.3.1 (logout invalidates the session), issue 13 item 9, decision 127: the page never says
 * 'You logged off at…' while the session still works; bearer sessions have an end-session call.
 */
// The page's texts (worker/pages/identity/logout.tsx, decision 127), literally: this program does not type-check page code.
const LOGOUT_TEXT = {
  stillSignedIn: 'You are still logged in. Select Log Out to end your session.',
  loggedOff: 'You are logged off.',
}

beforeAll(() => seed())

describe('the Logout page', () => {
  it('opened by address with a live session: no logged-off claim, the Log Out button, and the session still works', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const res = await b.fetch('/Logout')
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(html).not.toContain('You logged off at')
    expect(html).toContain(LOGOUT_TEXT.stillSignedIn)
    expect(html).toMatch(/<form action="\/Logout" method="post"><button type="submit" class="btn btn--primary">Log Out<\/button><\/form>/)
    expect((await b.fetch('/account-home')).status).toBe(200)
  })

  it('the POST ends the session, then says when', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const res = await b.form('/Logout', {})
    expect(await res.text()).toContain('You logged off at')
    expect((await b.fetch('/account-home')).status).toBe(401)
  })

  it('without a session: logged off, with no time claimed', async () => {
    const html = await (await new Browser().fetch('/Logout')).text()
    expect(html).toContain('Log Out Confirmation')
    expect(html).toContain(LOGOUT_TEXT.loggedOff)
    expect(html).not.toContain('You logged off at')
  })
})

describe('DELETE /v1/common/token (end the session)', () => {
  it('ends a bearer session at once', async () => {
    const p = persona('direct.multi')
    const { accountToken } = await loginToken(p.userName, p.password)
    expect((await call('POST', '/v1/common/token', undefined, accountToken)).status).toBe(200)
    const end = await call('DELETE', '/v1/common/token', undefined, accountToken)
    expect(end.status).toBe(204)
    expect((await call('POST', '/v1/common/token', undefined, accountToken)).status).toBe(401)
    expect((await call('DELETE', '/v1/common/token', undefined, accountToken)).status).toBe(401)
  })
})
