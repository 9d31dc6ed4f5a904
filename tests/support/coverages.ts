import type { CoverageCode, CoverageForm, Coverages } from '../../shared/policy/schemas/coverages'

/**
 * Checks over the demo policies' coverages (worker/db/seed/coverages.ts, issue 24). The portal shows a
 * policy's coverages as the policy of record gives them and checks neither rule; the demo data must
 * still be what an insurer would write.
 */

const HOMEOWNERS: readonly CoverageCode[] = ['A', 'B', 'C', 'D', 'E', 'F']
const PROPERTY_PLUS_LIABILITY: readonly CoverageCode[] = ['BUILDING', 'BUSINESS_PERSONAL_PROPERTY', 'BUSINESS_INCOME', 'EACH_OCCURRENCE', 'AGGREGATE']

/** Which coverages a form has, in the order a declarations page lists them. */
const CODES_BY_FORM: Readonly<Record<CoverageForm, readonly CoverageCode[]>> = {
  HO3: HOMEOWNERS,
  HO5: HOMEOWNERS,
  HO8: HOMEOWNERS,
  HOA: HOMEOWNERS,
  HOB: HOMEOWNERS,
  MFH: HOMEOWNERS,
  // A condominium unit-owner's Coverage A is the walls-in part of the unit; no other structures.
  HO6: ['A', 'C', 'D', 'E', 'F'],
  // Renters insure their belongings and liability, never the building.
  HO4: ['C', 'D', 'E', 'F'],
  // Dwelling fire: the basic form has no personal property; neither has liability (it comes by endorsement).
  DP1: ['A', 'B', 'D'],
  DP3: ['A', 'B', 'C', 'D'],
  NFIP: ['BUILDING', 'CONTENTS'],
  EXCESS_FLOOD: ['BUILDING', 'CONTENTS'],
  UMBRELLA: ['EACH_OCCURRENCE', 'AGGREGATE'],
  COMMERCIAL_PROPERTY: PROPERTY_PLUS_LIABILITY,
  COMMERCIAL_LIABILITY: ['EACH_OCCURRENCE', 'AGGREGATE'],
  BUILDERS_RISK: ['COMPLETED_VALUE'],
}

/** Whether the limits are exactly the form's coverages, in its order. */
export function limitsMatchForm(c: Pick<Coverages, 'form' | 'limits'>): boolean {
  const want = CODES_BY_FORM[c.form]
  return c.limits.length === want.length && c.limits.every((l, i) => l.code === want[i])
}

/** NFIP's most for a residence (building, contents) and for other buildings, in cents. */
export const NFIP_CAPS = {
  residential: { BUILDING: 25_000_000, CONTENTS: 10_000_000 },
  'non-residential': { BUILDING: 50_000_000, CONTENTS: 50_000_000 },
} as const

/**
 * What breaks the NFIP caps: one line per limit above its cap. Only NFIP policies are capped (excess
 * flood sits above them); a policy without an occupancy is taken as a residence.
 */
export function nfipCapProblems(c: Pick<Coverages, 'form' | 'limits' | 'occupancy'>): string[] {
  if (c.form !== 'NFIP') return []
  const caps = NFIP_CAPS[c.occupancy ?? 'residential']
  const problems: string[] = []
  for (const l of c.limits) {
    if ((l.code === 'BUILDING' || l.code === 'CONTENTS') && l.limit > caps[l.code]) {
      problems.push(`${l.code.toLowerCase()} limit ${l.limit} is above the NFIP cap of ${caps[l.code]}`)
    }
  }
  return problems
}
