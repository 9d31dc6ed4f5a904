import { describe, it, expect, beforeAll } from 'vitest'
import { Browser, seed } from './helpers'
import { withPolicy } from './servicing-helpers'

/** Issue 21: the 24-hour claims line on every page (item 1; issue 35 item 1 without a session too), one footer landmark, a meta description. */
beforeAll(() => seed(), 120_000)

const CLAIMS_LINE = /Report a claim 24 hours a day: <a href="tel:18005550199">1-800-555-0199<\/a>/

describe('the page footer', () => {
  it('on a signed-in servicing page: the claims line as a tap-to-call link, and one footer holding the legal links too', async () => {
    const b = await withPolicy('HOM4010001')
    const html = await (await b.fetch('/policy-information')).text()
    expect(html).toMatch(CLAIMS_LINE)
    expect(html.match(/<footer/g)).toHaveLength(1)
    expect(html).toContain('class="servicing-footer"')
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
  })

  it('without a session: the claims line too, and the way to report a claim online without signing in (issue 35 item 1)', async () => {
    const html = await (await new Browser().fetch('/')).text()
    expect(html).toMatch(CLAIMS_LINE)
    expect(html).toContain('or <a href="/report-a-claim">report it online without signing in</a>')
    expect(html.match(/<footer/g)).toHaveLength(1)
  })

  it('signed in: no link to report without signing in', async () => {
    const b = await withPolicy('HOM4010001')
    expect(await (await b.fetch('/policy-information')).text()).not.toContain('report it online without signing in')
  })
})
