import { beforeAll, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { text } from './servicing-helpers'

/** Issue 21 standards finding (WCAG 3.3.1): a form the server sends back with errors lists them first, each a link to its field. */
beforeAll(() => seed())

function summaryOf(html: string): string {
  return /<section class="alert alert--error error-summary"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
}

describe('error summary after a refused submit', () => {
  it('Login: both errors, in the form order, linked to their fields, before the form; focus stays on the first field', async () => {
    const res = await new Browser().form('/', { userName: '', password: '' })
    expect(res.status).toBe(400)
    const html = await res.text()
    const summary = summaryOf(html)
    expect(summary).toContain('aria-labelledby="error-summary-heading"')
    expect(text(summary)).toBe('Please correct these 2 fields: User ID or Email: Value is required Password: Value is required')
    expect(summary).toMatch(/<a href="#f-userName">[^<]+<\/a>[\s\S]*<a href="#f-password">/)
    // The first form of the page's main part (the header holds the language choice's form since issue 36).
    expect(html.indexOf('error-summary')).toBeLessThan(html.indexOf('<form', html.indexOf('<main')))
    expect(html).toMatch(/<input[^>]*id="f-userName"[^>]*autofocus/)
    expect(html).toContain('id="f-password"')
  })

  it('Your Profile: each form has its own summary', async () => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    const html = await (await b.form('/manage-profile', { intent: 'password', password: 'Valid#Pass1', passwordConfirm: 'Valid#Pass2' })).text()
    const summary = summaryOf(html)
    expect(summary).toContain('id="password-errors-heading"')
    expect(text(summary)).toContain('Current Password: The Current Password field is required')
    expect(summary).toContain('href="#f-currentPassword"')
    expect(html).not.toContain('id="profile-errors-heading"')
  })

  it('a page without errors has no summary', async () => {
    const html = await (await new Browser().fetch('/')).text()
    expect(html).not.toContain('error-summary')
  })
})
