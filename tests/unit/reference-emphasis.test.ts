import { describe, expect, it } from 'vitest'
import { claimReportedHtml } from '../../shared/claims/messages'
import { sanitizeHtml } from '../../worker/lib/sanitize'
import { telLinkedHtml } from '../../worker/render/tel-links'
import { messageHtml } from '../../worker/render/message-html'
import { paymentApprovedText } from '../../shared/payments/outcome'
import { pendingOutcomeText } from '../../shared/payments/pending'

/** Issue 21 item 5: the claim number on the success page is emphasised, plain text, and never wraps (.reference). */
describe('the claim number in the claim-reported message', () => {
  it('is a <strong class="reference"> with the number as its only text, through the sanitizer and tel links', () => {
    const html = telLinkedHtml(sanitizeHtml(claimReportedHtml('HO-2026-000123', ['kitchen.png'])))
    expect(html).toContain('Your claim number is <strong class="reference">HO-2026-000123</strong>.')
    expect(html).toContain('<bdi>kitchen.png</bdi>')
  })

  it('escapes the number as the rest of the message', () => {
    expect(claimReportedHtml('<b>x</b>', [])).toContain('<strong class="reference">&#60;b&#62;x&#60;/b&#62;</strong>')
  })

  it("the sanitizer keeps no other class on <strong>, nor 'reference' elsewhere", () => {
    expect(sanitizeHtml('<strong class="evil">a</strong>')).toBe('<strong>a</strong>')
    expect(sanitizeHtml('<span class="reference">a</span>')).toBe('<span>a</span>')
  })
})

/** The numbers a person quotes after a payment are set apart the same way on the outcome page. */
describe('payment references in a system message (messageHtml)', () => {
  it('emphasises the confirmation number of an approved payment, and leaves the rest as written', () => {
    const text = paymentApprovedText({ amountCents: 2000, policyId: 'HOM4060001', confirmationNumber: 'P7KQ2MX9RT4', receiptEmail: null })
    expect(messageHtml(text)).toBe(
      'Thank you. Your payment of $20.00 on policy HOM4060001 was approved. Your confirmation number is <strong class="reference">P7KQ2MX9RT4</strong>.',
    )
  })

  it("emphasises a pending payment's reference, and makes the phone number a link as before", () => {
    const html = messageHtml(`${pendingOutcomeText({ amountCents: 24000, policyId: 'HOM4060002', paymentId: 'pay_0123456789abcdef' })} Call 1-800-555-0134.`)
    expect(html).toContain('Your payment reference is <strong class="reference">PAY-89ABCDEF</strong>.')
    expect(html).toContain('<a class="tel" href="tel:18005550134">1-800-555-0134</a>')
  })

  it('never inside a link, a typed name or an emphasis that is already there', () => {
    const html = '<a href="/x">PAY-89ABCDEF</a> <bdi>P7KQ2MX9RT4</bdi> <strong class="reference">PAY-89ABCDEF</strong>'
    expect(messageHtml(html)).toBe(html)
  })
})
