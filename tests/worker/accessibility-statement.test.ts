import { describe, it, expect, beforeAll } from 'vitest'
import { Browser, seed } from './helpers'
import { withPolicy } from './servicing-helpers'

/** Issue 21 item 12: an accessibility statement, public, linked from every footer. */
beforeAll(() => seed(), 120_000)

describe('GET /accessibility', () => {
  it('says the standard, how it is checked, the exceptions, how to get help by phone and in writing, and when it was last reviewed', async () => {
    const res = await new Browser().fetch('/accessibility')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<title>Accessibility Statement - ProgHome</title>')
    for (const part of ['WCAG) 2.2 at level AA', 'How we check it', 'Known exceptions', 'Getting help or another format', 'last reviewed on'])
      expect(html).toContain(part)
    expect(html).toMatch(/href="tel:\d+"/)
    // Not by phone only (issue 35): the company's Contact Us page, a claim's messages, the agent's email.
    expect(html).toMatch(/href="https?:\/\/[^"]+\/contact-us"/)
    expect(html).toContain('href="/claims-history"')
    expect(html).toContain('Agent Information')
  })

  it('is linked from the footer of a public page and of a servicing page', async () => {
    expect(await (await new Browser().fetch('/')).text()).toContain('href="/accessibility"')
    const b = await withPolicy('HOM4010001')
    const servicing = await (await b.fetch('/policy-information')).text()
    expect(servicing.match(/href="\/accessibility"/g)?.length).toBeGreaterThanOrEqual(1)
  })
})
