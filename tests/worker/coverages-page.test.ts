import { beforeAll, describe, expect, it } from 'vitest'
import { seed } from './helpers'
import { mainOf, page, policyTagged, text } from './servicing-helpers'

beforeAll(() => seed())

/** 'What's covered' on the Policy Summary (issue 24), policy kind by policy kind. */

const HOME = policyTagged('policy.homeowners-balance').policyId // HO3, wildfire deductible, two endorsements
const WIND_HAIL = policyTagged('claims.mitigation-window').policyId // HO5, 1% wind/hail
const CONDO = policyTagged('policy.condo-paid').policyId // HO6
const RENTERS = policyTagged('policy.renters').policyId // HO4
const FLOOD = policyTagged('policy.flood-balance').policyId // NFIP at the caps, replacement cost
const FLOOD_ACV = policyTagged('payments.bypass-splash').policyId // NFIP, actual cash value
const UMBRELLA = policyTagged('policy.umbrella').policyId
const SEASONAL = policyTagged('policy.recent-payment').policyId // DP1: fair rental value

async function block(policyId: string): Promise<{ main: string; t: string }> {
  const main = mainOf((await page(policyId, '/policy-information')).html)
  // The text as read without the help panels (each is tested on its own below).
  return { main, t: text(main.replace(/<div id="coverage-[^"]+" popover="auto"[^>]*>[^<]*<\/div>/g, '')) }
}

describe("What's covered", () => {
  it('lists a homeowners policy A to F with whole-dollar limits, its deductibles, what a deductible means, and its endorsements', async () => {
    const { t } = await block(HOME)
    for (const s of [
      "What's covered",
      'Coverage A - Dwelling ? $525,000',
      'Coverage B - Other structures ? $52,500',
      'Coverage C - Personal property ? $262,500',
      'Coverage D - Loss of use ? $105,000',
      'Coverage E - Personal liability ? $300,000',
      'Coverage F - Medical payments to others ? $5,000',
      'All Other Perils $1,000',
      'Wildfire $2,500',
      'For a covered claim, you pay the deductible and we pay the rest of the covered loss, up to the limit.',
      'HO 04 90 Personal Property Replacement Cost',
    ]) {
      expect(t).toContain(s)
    }
    expect(t).not.toContain('Flood insurance does not cover')
  })

  it('sits above the addresses', async () => {
    const { t } = await block(HOME)
    expect(t.indexOf("What's covered")).toBeGreaterThan(t.indexOf('Policy Term'))
    expect(t.indexOf("What's covered")).toBeLessThan(t.indexOf('Property Address'))
  })

  it('explains every coverage in a help popover that works without script', async () => {
    const { main } = await block(HOME)
    expect(main.toLowerCase()).toContain('popovertarget="coverage-a-help"')
    expect(main).toMatch(/id="coverage-a-help" popover="auto"[^>]*>Pays to repair or rebuild your home/)
    expect(main).toContain('aria-label="What Coverage E - Personal liability pays for"')
  })

  it('shows a percentage deductible with its dollars', async () => {
    const t = (await block(WIND_HAIL)).t
    expect(t).toContain('Wind/Hail 1% of the dwelling limit ($3,500)')
    expect(t).toContain('A percentage deductible is that share of the limit it names')
    expect((await block(HOME)).t).not.toContain('A percentage deductible')
  })

  it("shows a condo unit's own Coverage A and a renter no dwelling at all", async () => {
    expect((await block(CONDO)).t).toContain('Coverage A - Dwelling (your unit) ? $60,000')
    const renters = (await block(RENTERS)).t
    expect(renters).toContain('Coverage C - Personal property ? $30,000')
    expect(renters).not.toContain('Coverage A')
    expect(renters).not.toContain('Coverage B')
  })

  it('names a dwelling-fire D fair rental value, and an umbrella its own limits', async () => {
    expect((await block(SEASONAL)).t).toContain('Coverage D - Fair rental value ? $39,500')
    const u = (await block(UMBRELLA)).t
    expect(u).toContain('Each occurrence ? $2,000,000')
    expect(u).toContain('Self-Insured Retention $250')
  })

  it('says what flood insurance does not cover in two lines, and links the coverage documents', async () => {
    const { main, t } = await block(FLOOD)
    expect(t).toContain('Building ? $250,000')
    expect(t).toContain('Contents ? $100,000')
    expect(t).toContain('Building losses are paid at replacement cost')
    expect(main.match(/<li>(Flood insurance does not cover|It does not pay)[^<]*<\/li>/g)).toHaveLength(2)
    expect(main).toContain('<a href="/policy-documents">Read what your policy covers in your coverage documents</a>')
    expect((await block(FLOOD_ACV)).t).toContain('Building losses are paid at actual cash value')
  })

  it('adds no island and no script to the page', async () => {
    const { main } = await block(FLOOD)
    expect(main).not.toContain('<app-island')
    expect(main).not.toContain('<script')
  })
})
