import { describe, expect, it } from 'vitest'
import { claimReportedHtml } from '../../shared/claims/messages'
import { sanitizeHtml } from '../../worker/render/sanitize'
import { telLinkedHtml } from '../../worker/render/tel-links'

/** Issue 21 item 5: the claim number on the success page is emphasised, plain text, and never wraps (.claim-number). */
describe('the claim number in the claim-reported message', () => {
  it('is a <strong class="claim-number"> with the number as its only text, through the sanitizer and tel links', () => {
    const html = telLinkedHtml(sanitizeHtml(claimReportedHtml('HO-2026-000123', ['kitchen.png'])))
    expect(html).toContain('Your claim number is <strong class="claim-number">HO-2026-000123</strong>.')
    expect(html).toContain('<bdi>kitchen.png</bdi>')
  })

  it('escapes the number as the rest of the message', () => {
    expect(claimReportedHtml('<b>x</b>', [])).toContain('<strong class="claim-number">&#60;b&#62;x&#60;/b&#62;</strong>')
  })

  it("the sanitizer keeps no other class on <strong>, nor 'claim-number' elsewhere", () => {
    expect(sanitizeHtml('<strong class="evil">a</strong>')).toBe('<strong>a</strong>')
    expect(sanitizeHtml('<span class="claim-number">a</span>')).toBe('<span>a</span>')
  })
})
