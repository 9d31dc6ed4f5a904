import { beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
import { mainOf, page, policyTagged, text } from './servicing-helpers'
import { reportClaimPropsSchema } from '../../shared/claims/schemas/claim-props'

/**
 * Issue 10, spec 001 section 2 "Report a Claim screen": the server-rendered page. Its text must carry
 * the intro, the claims phone line and what to have ready without JavaScript; the island receives
 * only public policy facts.
 */

beforeAll(() => seed(), 120_000)

const CLAIMS_PHONE = '1-800-555-0199'

function islandProps(html: string) {
  const marker = /<app-island data-island="report-claim" data-id="(i\d+)"/.exec(html)
  expect(marker, 'a report-claim island').not.toBeNull()
  const script = new RegExp(`<script type="application/json" data-island-props="${marker![1]}">([\\s\\S]*?)</script>`).exec(html)
  return reportClaimPropsSchema.parse(JSON.parse(script![1]!))
}

describe('/report-claim', () => {
  it('shows the heading, the intro with the tap-to-call claims line, what to have ready, the promises, and the no-script notice', async () => {
    const { status, html } = await page(policyTagged('claims.mitigation-window').policyId, '/report-claim')
    expect(status).toBe(200)
    expect(html).toContain('<title>Report a Claim - ProgHome</title>')
    const main = mainOf(html)
    expect(main).toMatch(/<h1[^>]*>Report a Claim<\/h1>/)
    expect(main).toContain(`<a href="tel:18005550199">${CLAIMS_PHONE}</a>`)
    const t = text(main)
    for (const item of ['Your policy number', 'The date of loss', 'The address where the loss happened', 'Phone numbers where we can reach you']) {
      expect(t).toContain(item)
    }
    expect(t).toContain('A claims representative will contact you within 48 business hours.')
    expect(t).toContain(`If you do not see a claim number after you click Report Claim, please call us for help at ${CLAIMS_PHONE} .`)
    expect(t).toContain('The claim form needs JavaScript.')
    expect(html).not.toContain('This page is not available yet')
  })

  it('gives a homeowners policy the homeowners form, with public facts only', async () => {
    const { html } = await page(policyTagged('claims.mitigation-window').policyId, '/report-claim')
    const props = islandProps(html)
    expect(props).toMatchObject({
      policyId: 'HOM4020001',
      family: 'homeowners',
      planId: 'HO5',
      state: 'TX',
      policyStatus: 'Active',
      policyPeriod: { effectiveDate: '2026-06-01', expirationDate: '2027-06-01' },
      insured: { firstName: 'Sam', lastName: 'Okafor', homePhone: '512-555-0176', email: 'sam.single@example.com' },
      riskAddress: { address: '8804 Shoal Creek Boulevard', city: 'Austin', state: 'TX', zipCode: '78757' },
      claimsPhone: CLAIMS_PHONE,
      matrixUrl: '/v1/homeowners/GetClaimsMatrix',
      seedUrl: '/v1/homeowners/GetPolicySeedDataForClaim',
      submitUrl: '/v1/homeowners/FirstNoticeOfLoss/HOM4020001',
      draftUrl: '/v1/homeowners/ClaimDraft/HOM4020001',
      cancelUrl: '/policy-information',
    })
    expect(html).not.toContain('1979-08-02') // the insured's date of birth never reaches the page
  })

  it('gives a flood policy paid in full the flood form on the flood routes', async () => {
    const { html } = await page(policyTagged('claims.flood-open').policyId, '/report-claim')
    const props = islandProps(html)
    expect(props).toMatchObject({
      family: 'flood',
      planId: 'MP3',
      matrixUrl: '/v1/flood/GetClaimsMatrix',
      submitUrl: '/v1/flood/FirstNoticeOfLoss/FLD4040005',
      draftUrl: '/v1/flood/ClaimDraft/FLD4040005',
    })
    expect(props.riskAddress).toEqual({ address: '118 Harbor Drive', city: 'Key Largo', state: 'FL', zipCode: '33037' })
  })

  it("a flood policy with an amount due shows only 'Report a Claim functionality is disabled until the policy has been paid in full.'", async () => {
    const { status, html } = await page(policyTagged('claims.flood-balance').policyId, '/report-claim')
    expect(status).toBe(200)
    const main = mainOf(html)
    expect(text(main)).toContain('Report a Claim functionality is disabled until the policy has been paid in full.')
    expect(main).not.toContain('data-island="report-claim"')
    expect(text(main)).not.toContain('48 business hours')
  })
})
