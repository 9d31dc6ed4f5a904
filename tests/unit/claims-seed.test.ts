import { describe, expect, it } from 'vitest'
import personas from '../fixtures/personas.json'
import type { Policy } from '../../shared/policy/schemas/policy'
import { manifestSchema } from '../../worker/db/seed/manifest'
import { buildSeedPolicies } from '../../worker/db/seed/policies'
import { CLAIMS_MATRIX, FRAUD_LANGUAGE, claimSeedRows, type ClaimSeedRow } from '../../worker/db/seed/claims-data'
import { causeChoices, detailedCauseRows, type WeatherAnswer } from '../../shared/claims/matrix'
import { mitigationBannerShown } from '../../shared/claims/mitigation'
import { mayReportClaim } from '../../shared/policy/permissions'
import { floodClaimBlocked, matrixFiltered } from '../../shared/claims/policy-facts'
import { PLAN_CODES } from '../support/plans'
import { claimDeductibles } from '../../shared/policy/coverages'
import type { ClaimsMatrixRow } from '../../shared/claims/api-shapes'

/** The demo claims data reaches every branch the claims tags promise (issue 10), without workerd. */

const seeded = buildSeedPolicies(manifestSchema.parse(personas)).map((s) => s.doc)
const docs = new Map<string, Policy>(seeded.map((d) => [d.policyID, d]))
const seeds = new Map<string, ClaimSeedRow>(claimSeedRows(seeded).map((s) => [s.policyId, s]))

function tagged(tag: string): Policy {
  const entry = personas.personas.flatMap((p) => p.policies).find((x) => x.tags.includes(tag))
  expect(entry, `a policy tagged ${tag}`).toBeDefined()
  return docs.get(entry!.policyId)!
}

/** The matrix a policy's GetClaimsMatrix answers (the plan filter when its flag is on). */
function matrixOf(p: Policy): ClaimsMatrixRow[] {
  const family = p.isFlood ? 'flood' : 'homeowners'
  return CLAIMS_MATRIX.filter((r) => r.family === family && (!matrixFiltered(p.features, {}) || r.plans.includes(p.planId))).map((r) => ({
    Id: r.id,
    PerilDescription: r.peril,
    SubPerilDescription: r.subPeril,
    WeatherRelated: r.weather,
    MitigationRequired: r.mitigation,
  }))
}

const banner = (p: Policy, mitigationType: number) => {
  const s = seeds.get(p.policyID)!
  return mitigationBannerShown({
    lossAtInsuredLocation: true,
    planId: p.planId,
    daysSinceLoss: 2,
    isPolicyActive: true,
    mitigationType,
    exclusions: s.exclusions,
    endorsements: s.endorsements,
  })
}

describe('claims tags in the persona manifest', () => {
  it('has every claims tag the issue names', () => {
    const tags = personas.personas.flatMap((p) => p.policies.flatMap((x) => x.tags))
    for (const t of [
      'claims.mitigation-window',
      'claims.flood-balance',
      'claims.flood-open',
      'claims.wind-excluded',
      'claims.endorsements',
      'claims.single-detailed-cause',
    ]) {
      expect(tags, t).toContain(t)
    }
  })

  it('claims.flood-balance: a flood policy with an amount due (the form is replaced by the message)', () => {
    const p = tagged('claims.flood-balance')
    expect([p.isFlood, p.isExcessFlood, p.totalDue > 0, mayReportClaim(p)]).toEqual([true, false, true, true])
  })

  it('claims.flood-open: a flood policy paid in full (the flood form)', () => {
    const p = tagged('claims.flood-open')
    expect([p.isFlood, p.isExcessFlood, p.totalDue, mayReportClaim(p)]).toEqual([true, false, 0, true])
  })

  it('claims.mitigation-window: an eligible, active policy where every mitigation type shows', () => {
    const p = tagged('claims.mitigation-window')
    expect(mayReportClaim(p)).toBe(true)
    expect(p.policyStatus).toBe('Active')
    for (const type of [1, 2, 3, 4]) expect(banner(p, type), `type ${type}`).toBe(true)
  })

  it('claims.wind-excluded: a WIND exclusion hides Board Up (2) and nothing else', () => {
    const p = tagged('claims.wind-excluded')
    expect(seeds.get(p.policyID)!.exclusions).toContain('WIND')
    expect([1, 2, 3].map((t) => banner(p, t))).toEqual([true, false, true])
  })

  it('claims.endorsements: endorsements make Roof Tarping (4) show; a policy without them hides it', () => {
    const p = tagged('claims.endorsements')
    expect(seeds.get(p.policyID)!.endorsements.length).toBeGreaterThan(0)
    expect(banner(p, 4)).toBe(true)
    const without = [...seeds.values()].find((s) => s.endorsements.length === 0 && !docs.get(s.policyId)!.isFlood)!
    expect(banner(docs.get(without.policyId)!, 4)).toBe(false)
  })

  it('claims.single-detailed-cause: a cause with exactly one detailed cause on that policy', () => {
    const p = tagged('claims.single-detailed-cause')
    const matrix = matrixOf(p)
    const singles = (['yes', 'no'] as WeatherAnswer[]).flatMap((w) =>
      causeChoices(matrix, w)
        .filter((c) => detailedCauseRows(matrix, w, c.value).length === 1)
        .map((c) => `${w}:${c.value}`),
    )
    expect(singles).toContain('no:Vandalism')
  })

  it('the filtered matrix of policy.claims-matrix-filtered differs from the full one', () => {
    const p = tagged('policy.claims-matrix-filtered')
    expect(matrixFiltered(p.features, {})).toBe(true)
    const full = CLAIMS_MATRIX.filter((r) => r.family === 'homeowners').length
    expect(matrixOf(p).length).toBeGreaterThan(0)
    expect(matrixOf(p).length).toBeLessThan(full)
  })
})

describe('claims reference data', () => {
  it('gives seed data to exactly the policies that may report a claim', () => {
    for (const d of seeded) expect(seeds.has(d.policyID), d.policyID).toBe(mayReportClaim(d))
  })

  it('has unique matrix ids, valid codes, and rows for every plan of spec 000', () => {
    const ids = CLAIMS_MATRIX.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const r of CLAIMS_MATRIX) {
      expect(r.mitigation).toBeGreaterThanOrEqual(0)
      expect(r.mitigation).toBeLessThanOrEqual(4)
      expect(r.weather).toBeGreaterThanOrEqual(0)
    }
    const covered = new Set(CLAIMS_MATRIX.flatMap((r) => r.plans))
    for (const code of PLAN_CODES) expect(covered, code).toContain(code)
  })

  it('has a default fraud language and bold text where the state asks for it', () => {
    expect(FRAUD_LANGUAGE.map((f) => f.state)).toContain('*')
    expect(FRAUD_LANGUAGE.find((f) => f.state === 'FL')?.fontWeight).toBe('Y')
  })

  it("keeps deductibles in integer cents, read from the policy's coverages (issue 24)", () => {
    const all = [...seeds.values()].flatMap((s) => Object.values(s.deductibles))
    expect(all.every(Number.isInteger)).toBe(true)
    for (const s of seeds.values()) expect(s.deductibles, s.policyId).toEqual(claimDeductibles(docs.get(s.policyId)!.coverages!))
    expect(seeds.get('HOM4020001')?.deductibles).toEqual({ 'All Other Perils': 100000, 'Wind/Hail': 350000 })
  })
})

describe("spec 001 section 2: 'Flood claims are blocked while a balance is due'", () => {
  it('blocks a flood policy with anything due, never one paid in full or in credit, never a homeowners policy', () => {
    expect(floodClaimBlocked({ isFlood: true, totalDue: 1 })).toBe(true)
    expect(floodClaimBlocked({ isFlood: true, totalDue: 64800 })).toBe(true)
    expect(floodClaimBlocked({ isFlood: true, totalDue: 0 })).toBe(false)
    expect(floodClaimBlocked({ isFlood: true, totalDue: -500 })).toBe(false)
    expect(floodClaimBlocked({ isFlood: false, totalDue: 64800 })).toBe(false)
  })
})
