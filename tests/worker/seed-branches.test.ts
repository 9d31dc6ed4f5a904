import { describe, it, expect, beforeAll } from 'vitest'
import { seed } from './helpers'
import { mainOf, page, policyTagged, text } from './servicing-helpers'

beforeAll(() => seed())

/** The seed shows every branch of the summary rules (issue 5): each one, as a reader would see it. */
async function summary(tag: string): Promise<string> {
  return text(mainOf((await page(policyTagged(tag).policyId, '/policy-information')).html))
}

describe('branches the demo data makes visible', () => {
  it("a single Lienholder gives the heading 'Mortgagee/Lienholder'", async () => {
    const t = await summary('policy.single-lienholder')
    expect(t).toContain('Mortgagee/Lienholder')
    expect(t).not.toContain('Mortgagees/Lienholders')
    expect(t).toContain('Type Lienholder')
  })

  it('three mortgagees on a default plan show two', async () => {
    const t = await summary('policy.mortgagees-over-default-cap')
    expect(t).toContain('Synovus Bank')
    expect(t).not.toContain('Ameris Bank')
  })

  it('two mortgagees on an HOA plan show one, under the singular heading', async () => {
    const t = await summary('policy.mortgagees-over-hoa-cap')
    expect(t).toContain('Frost Bank')
    expect(t).not.toContain('Texas Capital Bank')
  })

  it('three additional interests on a default plan show two', async () => {
    const t = await summary('policy.interests-over-default-cap')
    expect(t).toContain('Lakeshore Property Management')
    expect(t).not.toContain('Gold Coast Rentals LLC')
  })

  it('an excess flood policy with an underwriting status still does not show it', async () => {
    const t = await summary('policy.excess-flood-underwriting')
    expect(t).not.toContain('Underwriting Status')
    expect(t).not.toContain('Pending - Prior Loss Review')
  })
})
