import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { logoffTime } from '../../worker/pages/identity/logout'
import { findPolicy } from '../../worker/db/policy/policies'
import { localDateTime } from '../../shared/clock'

beforeAll(() => seed())

/** The <time> of 'You logged off at …': its instant and the text shown without script. */
function shownTime(html: string): { at: number; text: string } {
  const m = /You logged off at <time[^>]*\bdatetime="([^"]+)"[^>]*>([^<]+)<\/time>/i.exec(html)
  if (!m) throw new Error('no logoff time on the page')
  return { at: Date.parse(m[1]!), text: m[2]! }
}

describe("'You logged off at …' on the policyholder's clock (spec 000: the current local time)", () => {
  it.each([
    ['2026-07-14T02:05:00Z', 'CA', '7:05 PM'],
    ['2026-07-14T02:05:00Z', 'NY', '10:05 PM'],
    ['2026-07-14T07:00:00Z', 'CA', '12:00 AM'],
    ['2026-07-14T19:30:00Z', 'CA', '12:30 PM'],
    ['2026-01-15T17:59:00Z', 'HI', '7:59 AM'],
    // Issue 35: no policy open is the portal's home clock, named, never UTC.
    ['2026-07-14T02:05:00Z', null, '10:05 PM EDT'],
    ['2026-01-14T02:05:00Z', null, '9:05 PM EST'],
  ])('%s in %s reads %s', (iso, state, text) => {
    expect(logoffTime(new Date(iso), state)).toBe(text)
  })

  it('with a policy open, the time is on that policy’s state clock', async () => {
    const p = persona('direct.single')
    const policyId = p.policies[0]!.policyId
    const state = (await findPolicy(env.DB, policyId))!.state
    const b = new Browser()
    await b.login(p)
    expect((await b.form('/account-home', { policyId })).status).toBe(303)
    const { at, text } = shownTime(await (await b.form('/Logout', {})).text())
    const { time } = localDateTime(at, state)
    const hour = Number(time.slice(0, 2))
    expect(text).toBe(`${hour % 12 || 12}:${time.slice(3)} ${hour < 12 ? 'AM' : 'PM'}`)
  })

  it("with no policy open, the time is on New York's clock and says so, not UTC", async () => {
    const { at, text } = shownTime(await (await new Browser().form('/Logout', {})).text())
    expect(text).toBe(logoffTime(new Date(at), null))
    expect(text).toMatch(/^\d{1,2}:\d{2}\s[AP]M E[SD]T$/)
    expect(text).not.toContain('UTC')
  })
})
