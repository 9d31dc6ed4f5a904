import { beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
import { mainOf, page, text } from './servicing-helpers'

/** Issue 21 item 1: wherever the portal cannot do something, it says what to do instead, with a number to call. */
beforeAll(() => seed())

const CLAIMS_TEL = /<a class="tel" href="tel:\+?\d{10,11}">[\d-]+<\/a>/

/** The payment-due box's HTML on a policy page. */
function boxOf(html: string): string {
  return /<aside class="payment-due[\s\S]*?<\/aside>/.exec(html)?.[0] ?? ''
}

describe('a number to call at every dead end', () => {
  it('a cancelled policy says since when, that an earlier loss can be reported by phone, and names the agent', async () => {
    const { html } = await page('DWL4040002', '/policy-information')
    const box = boxOf(html)
    expect(text(box)).toContain('Cancelled Policy')
    expect(text(box)).toMatch(/Cancelled since 09\/14\/2026\. A loss that happened before then can still be reported by phone, 24 hours a day: [\d-]+/)
    expect(box).toMatch(CLAIMS_TEL)
    expect(text(box)).toMatch(/Call your agent, [^:]+: [\d-]+/)
    // Claims cannot be reported online on it: the policy menu gives the claims line instead.
    expect(text(html)).toMatch(/Report a claim by phone, 24 hours a day: [\d-]+/)
  })

  it("'Please contact your agent to make a payment.' names the agent with a tap-to-call number", async () => {
    const { html } = await page('HOM4040003', '/policy-information')
    const box = boxOf(html)
    expect(text(box)).toContain('Please contact your agent to make a payment.')
    expect(text(box)).toMatch(/Call your agent, [^:]+: [\d-]+/)
    expect(box).toMatch(CLAIMS_TEL)
    expect(text(box)).not.toContain('Cancelled since')
  })

  it('a policy that can report online has no phone-only line in its menu', async () => {
    const { html } = await page('FLD4040005', '/policy-information')
    expect(text(html)).not.toContain('Report a claim by phone')
  })

  it('the flood form disabled by a balance gives the claims line and the way to pay', async () => {
    const { html } = await page('FLD4010003', '/report-claim')
    const main = mainOf(html)
    expect(text(main)).toContain('Report a Claim functionality is disabled until the policy has been paid in full.')
    expect(text(main)).toMatch(/To report a loss now, call our claims line, 24 hours a day: [\d-]+/)
    expect(main).toMatch(CLAIMS_TEL)
    expect(main).toMatch(/<p>Or pay the balance, then report the claim here:(<!-- -->)? <a href="\/make-payment">Make a Payment<\/a><\/p>/)
  })

  it('Make a Payment without JavaScript says so above the form, with the number to pay by phone', async () => {
    const { html } = await page('BLD4050001', '/make-payment')
    const main = mainOf(html)
    const notice = /<noscript>[\s\S]*?<\/noscript>/.exec(main)?.[0] ?? ''
    expect(text(notice)).toMatch(
      /To pay online, please turn on JavaScript in your browser, or call our support team to process your payment\. To pay by phone, call [\d-]+ ?\./,
    )
    expect(notice).toMatch(CLAIMS_TEL)
    expect(main.indexOf('<noscript>')).toBeLessThan(main.indexOf('<form'))
  })
})

describe('past-due amounts are called past due (issue 21 item 3)', () => {
  it("the payment-due box says how much of the spec's Amount Due is past due, beside its date", async () => {
    const box = boxOf((await page('BLD4050001', '/policy-information')).html)
    expect(text(box)).toMatch(/Amount Due \$[\d,]+\.\d\d By: \d\d\/\d\d\/\d{4} Includes \$120\.00 past due\. Make a Payment/)
  })

  it('nothing past due: no such line', async () => {
    const box = boxOf((await page('HOM4010001', '/policy-information')).html)
    expect(text(box)).toContain('Amount Due')
    expect(text(box)).not.toContain('past due')
  })
})
