import { describe, expect, it } from 'vitest'
import personas from '../fixtures/personas.json'
import { claimDeductibles, coverageName, deductibleCents, dwellingLimit } from '../../shared/policy/coverages'
import { limitsMatchForm, NFIP_CAPS, nfipCapProblems } from '../support/coverages'
import { coveragesSchema, type CoverageForm, type Coverages } from '../../shared/policy/schemas/coverages'
import { policyRecordSchema } from '../../shared/policy/schemas/policy'
import { manifestSchema } from '../../worker/db/seed/manifest'
import { buildSeedPolicies } from '../../worker/db/seed/policies'

/**
 * The coverage rules of issue 24, table by table, and the demo policies that use them (their checks,
 * which the portal does not need, are in tests/support/coverages.ts).
 */

describe('coverage names', () => {
  it.each<[CoverageForm, Parameters<typeof coverageName>[1], string]>([
    ['HO3', 'A', 'Coverage A - Dwelling'],
    ['HO3', 'F', 'Coverage F - Medical payments to others'],
    ['HO6', 'A', 'Coverage A - Dwelling (your unit)'],
    ['DP1', 'D', 'Coverage D - Fair rental value'],
    ['HO3', 'D', 'Coverage D - Loss of use'],
    ['NFIP', 'CONTENTS', 'Contents'],
    ['UMBRELLA', 'EACH_OCCURRENCE', 'Each occurrence'],
  ])('%s names %s "%s"', (form, code, name) => {
    expect(coverageName(form, code)).toBe(name)
  })
})

describe('the checks over the demo coverages', () => {
  it('check limits against the form, order included', () => {
    const limits = (codes: string[]) => codes.map((code) => ({ code, limit: 100 })) as Coverages['limits']
    expect(limitsMatchForm({ form: 'HO4', limits: limits(['C', 'D', 'E', 'F']) })).toBe(true)
    expect(limitsMatchForm({ form: 'HO4', limits: limits(['A', 'C', 'D', 'E', 'F']) })).toBe(false)
    expect(limitsMatchForm({ form: 'HO4', limits: limits(['D', 'C', 'E', 'F']) })).toBe(false)
  })
})

describe('a deductible in dollars', () => {
  it.each([
    ['a fixed amount', { peril: 'All Other Perils', amount: 100000 }, 35_000_000, 100000],
    ['1% of a $350,000 dwelling', { peril: 'Wind/Hail', percentOfDwelling: 1 }, 35_000_000, 350000],
    ['2% of a $410,000 dwelling', { peril: 'Hurricane', percentOfDwelling: 2 }, 41_000_000, 820000],
    ['a percentage rounds to whole dollars', { peril: 'Hurricane', percentOfDwelling: 2 }, 12_345_678, 246900],
    ['a percentage of no dwelling is nothing', { peril: 'Hurricane', percentOfDwelling: 5 }, 0, 0],
  ] as const)('%s', (_name, d, dwelling, want) => {
    expect(deductibleCents(d, dwelling)).toBe(want)
  })

  it('takes percentages from Coverage A, else the building, else the completed value', () => {
    expect(
      dwellingLimit({
        limits: [
          { code: 'C', limit: 5 },
          { code: 'A', limit: 9 },
        ],
      }),
    ).toBe(9)
    expect(dwellingLimit({ limits: [{ code: 'BUILDING', limit: 7 }] })).toBe(7)
    expect(dwellingLimit({ limits: [{ code: 'COMPLETED_VALUE', limit: 3 }] })).toBe(3)
    expect(dwellingLimit({ limits: [{ code: 'C', limit: 5 }] })).toBe(0)
  })

  it("gives the claim form's box peril by peril, percentages resolved", () => {
    expect(
      claimDeductibles({
        limits: [{ code: 'A', limit: 35_000_000 }],
        deductibles: [
          { peril: 'All Other Perils', amount: 100000 },
          { peril: 'Wind/Hail', percentOfDwelling: 1 },
        ],
      }),
    ).toEqual({ 'All Other Perils': 100000, 'Wind/Hail': 350000 })
  })
})

describe('the NFIP caps (a check over the demo coverages)', () => {
  const nfip = (building: number, contents: number, occupancy?: 'residential' | 'non-residential') =>
    nfipCapProblems({
      form: 'NFIP',
      occupancy,
      limits: [
        { code: 'BUILDING', limit: building },
        { code: 'CONTENTS', limit: contents },
      ],
    })
  it.each([
    ['a residence at the caps', nfip(25_000_000, 10_000_000), 0],
    ['a residence one cent over on the building', nfip(25_000_001, 10_000_000), 1],
    ['a residence over on contents', nfip(20_000_000, 10_000_100), 1],
    ['a residence over on both', nfip(30_000_000, 20_000_000), 2],
    ['no occupancy is a residence', nfip(30_000_000, 0, undefined), 1],
    ['a non-residential building up to $500,000', nfip(50_000_000, 50_000_000, 'non-residential'), 0],
  ])('%s: %i problems', (_name, problems, count) => {
    expect(problems).toHaveLength(count)
  })

  it('caps a residence at $250,000 building and $100,000 contents', () => {
    expect(NFIP_CAPS.residential).toEqual({ BUILDING: 25_000_000, CONTENTS: 10_000_000 })
  })

  it('never caps excess flood, which sits above NFIP', () => {
    expect(nfipCapProblems({ form: 'EXCESS_FLOOD', limits: [{ code: 'BUILDING', limit: 90_000_000 }] })).toEqual([])
  })
})

describe('the schema', () => {
  const seeded = buildSeedPolicies(manifestSchema.parse(personas)).map((s) => s.doc)

  it('still parses a policy document written before coverages existed', () => {
    const { coverages: _gone, ...old } = seeded[0]!
    expect(policyRecordSchema.parse(old).coverages).toBeUndefined()
  })

  it('refuses a deductible that is both an amount and a percentage, or a negative limit', () => {
    const bad = { form: 'HO3', limits: [{ code: 'A', limit: 1 }] }
    expect(coveragesSchema.safeParse({ ...bad, deductibles: [{ peril: 'x', amount: 1, percentOfDwelling: 1 }] }).success).toBe(false)
    expect(coveragesSchema.safeParse({ form: 'HO3', limits: [{ code: 'A', limit: -1 }] }).success).toBe(false)
  })

  it('gives every demo policy coverages that fit its form, its plan and the NFIP caps', () => {
    for (const p of seeded) {
      const c = p.coverages
      expect(c, p.policyID).toBeDefined()
      expect(limitsMatchForm(c!), p.policyID).toBe(true)
      expect(nfipCapProblems(c!), p.policyID).toEqual([])
      expect(c!.deductibles.length, p.policyID).toBeGreaterThan(0)
      expect(['NFIP', 'EXCESS_FLOOD'].includes(c!.form), p.policyID).toBe(p.isFlood)
      expect(c!.form === 'EXCESS_FLOOD', p.policyID).toBe(p.isExcessFlood)
      expect(c!.form === 'UMBRELLA', p.policyID).toBe(p.isUmbrella)
      expect(c!.form === 'MFH', p.policyID).toBe(p.isManufacturedHome)
      if (p.isFlood) expect(typeof c!.replacementCost, p.policyID).toBe('boolean')
      expect(c!.endorsements, p.policyID).toEqual(p.policyDocuments.map((d) => d.description).filter((d) => d.startsWith('Endorsement')))
    }
  })

  it('has a percentage deductible and a flood policy at the residential caps among the demo policies', () => {
    expect(seeded.some((p) => p.coverages!.deductibles.some((d) => 'percentOfDwelling' in d))).toBe(true)
    const atCaps = seeded.find((p) => p.policyID === 'FLD4010003')!.coverages!.limits
    expect(atCaps).toEqual([
      { code: 'BUILDING', limit: NFIP_CAPS.residential.BUILDING },
      { code: 'CONTENTS', limit: NFIP_CAPS.residential.CONTENTS },
    ])
  })
})
