import { beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
import { mainOf, page, policyTagged, text } from './servicing-helpers'
import { pushEvent, seedClaim } from './claim-page-support'

/**
 * Issue 33 item 3 (decision 212): the claim page's deadlines of a Florida and a Texas claim, from the
 * events the claims system sent through its webhook: each date on the policy's clock, whether what was
 * due happened in time, in words, the section of law, and for a date the claims team missed the state
 * insurance department's consumer line.
 */
beforeAll(() => seed(), 120_000)

const FLORIDA_CONDO = policyTagged('claims.wind-excluded').policyId // maria's condo in Miami Beach, FL
const TEXAS_HOME = policyTagged('claims.mitigation-window').policyId // sam's HO5, TX
const FLOOD = policyTagged('claims.flood-open').policyId // erin's flood policy, FL

/** The Deadlines section's text. */
async function deadlinesOf(policyId: string, claimNumber: string): Promise<{ t: string; section: string }> {
  const { status, html } = await page(policyId, `/claims-history/${claimNumber}`)
  expect(status).toBe(200)
  const section = /<section class="claim-deadlines"[\s\S]*?<\/section>/.exec(mainOf(html))?.[0]
  expect(section).toBeDefined()
  return { t: text(section!), section: section! }
}

describe('the claim page deadlines', () => {
  it('Florida: acknowledged in time; the Bill of Rights and pay-or-deny missed, each with the department of financial services line', async () => {
    // Reported 2026-03-02 04:00 UTC = 2026-03-01 23:00 in Florida: the report's day is the policyholder's.
    const n = await seedClaim({ policyId: FLORIDA_CONDO, createdAt: Date.UTC(2026, 2, 2, 4) })
    expect(await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'FL-C-1' }, { occurredAt: '2026-03-09T03:00:00Z' })).toBe(200) // 03-08 in Florida
    const { t, section } = await deadlinesOf(FLORIDA_CONDO, n)
    expect(t).toContain('What the claims team must do by law')
    expect(t).toContain('Acknowledge your claim Due by 03/08/2026 : Done in time , on 03/08/2026 . 7 calendar days; Fla. Stat. 627.70131(1)(a)')
    expect(t).toContain('Send you the Homeowner Claims Bill of Rights Due by 03/15/2026 : Missed: not done by the date. 14 calendar days; Fla. Stat. 627.7142')
    expect(t).toContain('Pay or deny your claim Due by 04/30/2026 : Missed: not done by the date. 60 calendar days; Fla. Stat. 627.70131(7)(a)')
    expect(t).toContain(
      'you can contact the Florida Department of Financial Services, Division of Consumer Services at 1-877-693-5236 or at myfloridacfo.com/division/consumers',
    )
    expect(section).toContain('<a class="tel" href="tel:18776935236">1-877-693-5236</a>')
    // The department's line goes with each missed date only.
    expect(section.match(/claim-deadlines__help/g)).toHaveLength(2)
    expect(t).not.toContain('What you must do') // a homeowners claim: no NFIP deadlines
  })

  it('Texas: 15 business days after all items skip Columbus Day; paid late; the timeline says what happened', async () => {
    // Reported 2026-10-01 in Texas; everything asked for in on Friday 10-09.
    const n = await seedClaim({ policyId: TEXAS_HOME, createdAt: Date.UTC(2026, 9, 1, 15) })
    expect(await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'TX-C-1' }, { occurredAt: '2026-10-02T15:00:00Z' })).toBe(200)
    expect(await pushEvent(n, 2, 'proof.complete', {}, { occurredAt: '2026-10-09T15:00:00Z' })).toBe(200)
    expect(await pushEvent(n, 3, 'claim.decided', { outcome: 'accepted' }, { occurredAt: '2026-10-30T15:00:00Z' })).toBe(200)
    expect(await pushEvent(n, 4, 'payment.issued', { amountCents: 250_000, method: 'check' }, { occurredAt: '2026-11-10T15:00:00Z' })).toBe(200)
    const { t } = await deadlinesOf(TEXAS_HOME, n)
    expect(t).toContain('Acknowledge your claim Due by 10/16/2026 : Done in time , on 10/02/2026 . 15 calendar days; Tex. Ins. Code 542.055(a)')
    expect(t).toContain(
      'Accept or reject your claim in writing Due by 11/02/2026 : Done in time , on 10/30/2026 . 15 business days (not weekends or federal holidays); Tex. Ins. Code 542.056(a), (d)',
    )
    expect(t).toContain('Pay what was accepted Due by 11/06/2026 : Done late , on 11/10/2026 . 5 business days')
    expect(t).not.toContain('Missed')
    expect(t).not.toContain('Texas Department of Insurance') // nothing missed: no line
    const { html } = await page(TEXAS_HOME, `/claims-history/${n}`)
    expect(text(mainOf(html))).toContain('10/30/2026 : Your claim was accepted')
  })

  it('Texas: a decision not made 15 business days after all items is missed, with the Texas Department of Insurance line', async () => {
    const n = await seedClaim({ policyId: TEXAS_HOME, createdAt: Date.UTC(2026, 9, 1, 15) })
    expect(await pushEvent(n, 1, 'adjuster.assigned', { adjuster: { name: 'A B', phone: '512-555-0100', email: 'a@b.example' } })).toBe(200)
    expect(await pushEvent(n, 2, 'proof.complete', {}, { occurredAt: '2026-10-09T15:00:00Z' })).toBe(200)
    const { t } = await deadlinesOf(TEXAS_HOME, n)
    expect(t).toContain('Accept or reject your claim in writing Due by 11/02/2026 : Missed: not done by the date.')
    expect(t).toContain('you can contact the Texas Department of Insurance, Consumer Help Line at 1-800-252-3439 or at tdi.texas.gov/consumer')
    expect(t).toContain('Pay what was accepted No date yet: it starts when the claims team accepts the claim.')
  })

  it("a flood claim: the policyholder's NFIP deadlines, the proof of loss met, the appeal dated from the denial letter", async () => {
    const n = await seedClaim({ policyId: FLOOD, family: 'flood', lossDate: '2026-09-28', createdAt: Date.UTC(2026, 8, 29, 15) })
    expect(await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'NF-1' }, { occurredAt: '2026-09-30T15:00:00Z' })).toBe(200)
    expect(await pushEvent(n, 2, 'proof.complete', {}, { occurredAt: '2026-11-20T15:00:00Z' })).toBe(200)
    expect(await pushEvent(n, 3, 'claim.decided', { outcome: 'partly-denied' }, { occurredAt: '2026-11-25T15:00:00Z' })).toBe(200)
    const { t } = await deadlinesOf(FLOOD, n)
    expect(t).not.toContain('What the claims team must do') // an NFIP claim: not the state's claims law
    expect(t).toContain('What you must do')
    expect(t).toContain(
      'Send your signed and sworn proof of loss Due by 11/27/2026 : Done in time , on 11/20/2026 . 60 calendar days; 44 CFR Part 61, Appendix A(1), VII.J.4',
    )
    expect(t).toMatch(
      /Appeal the denial to FEMA, if you disagree Due by 01\/24\/2027 : (Not done yet \(\d+ days left\)\.|The date has passed\.) 60 calendar days; 44 CFR 62\.20/,
    )
  })

  it('the claims system may not send a decision the portal does not know', async () => {
    const n = await seedClaim({ policyId: TEXAS_HOME })
    expect(await pushEvent(n, 1, 'claim.decided', { outcome: 'maybe' })).toBe(400)
    expect(await pushEvent(n, 1, 'letter.sent', { letter: 'postcard' })).toBe(400)
  })
})
