import type { CoverageCode, CoverageForm, Coverages, Deductible } from './schemas/coverages'

/** Rules over a policy's coverages (issue 24). Pure; money is integer cents. */

const HOMEOWNERS: readonly CoverageCode[] = ['A', 'B', 'C', 'D', 'E', 'F']
const PROPERTY_PLUS_LIABILITY: readonly CoverageCode[] = ['BUILDING', 'BUSINESS_PERSONAL_PROPERTY', 'BUSINESS_INCOME', 'EACH_OCCURRENCE', 'AGGREGATE']

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

/** Which coverages a form has, in the order a declarations page lists them. */
export function coverageCodesOf(form: CoverageForm): readonly CoverageCode[] {
  return CODES_BY_FORM[form]
}

const HOMEOWNERS_NAMES: Readonly<Partial<Record<CoverageCode, string>>> = {
  A: 'Dwelling',
  B: 'Other structures',
  C: 'Personal property',
  D: 'Loss of use',
  E: 'Personal liability',
  F: 'Medical payments to others',
}
const OTHER_NAMES: Readonly<Partial<Record<CoverageCode, string>>> = {
  BUILDING: 'Building',
  CONTENTS: 'Contents',
  EACH_OCCURRENCE: 'Each occurrence',
  AGGREGATE: 'Aggregate',
  BUSINESS_PERSONAL_PROPERTY: 'Business personal property',
  BUSINESS_INCOME: 'Business income',
  COMPLETED_VALUE: 'Completed value',
}

/** A coverage's name on the form: 'Coverage A - Dwelling'; a dwelling-fire D is fair rental value; a condo A is the unit. */
export function coverageName(form: CoverageForm, code: CoverageCode): string {
  const own = HOMEOWNERS_NAMES[code]
  if (!own) return OTHER_NAMES[code] ?? code
  if (form === 'HO6' && code === 'A') return 'Coverage A - Dwelling (your unit)'
  if ((form === 'DP1' || form === 'DP3') && code === 'D') return 'Coverage D - Fair rental value'
  return `Coverage ${code} - ${own}`
}

/** The limit percentage deductibles are taken from: Coverage A, else the building, else the completed value; 0 when none. */
export function dwellingLimit(c: Pick<Coverages, 'limits'>): number {
  for (const code of ['A', 'BUILDING', 'COMPLETED_VALUE'] as const) {
    const found = c.limits.find((l) => l.code === code)
    if (found) return found.limit
  }
  return 0
}

/** A deductible in cents: its amount, or its percentage of the dwelling limit rounded to whole dollars. */
export function deductibleCents(d: Deductible, dwellingLimitCents: number): number {
  if ('amount' in d) return d.amount
  return Math.round((dwellingLimitCents * d.percentOfDwelling) / 100 / 100) * 100
}

/** The claim form's deductibles box (spec 001 "Your Deductibles"): peril -> cents, from the coverages. */
export function claimDeductibles(c: Pick<Coverages, 'limits' | 'deductibles'>): Record<string, number> {
  const base = dwellingLimit(c)
  return Object.fromEntries(c.deductibles.map((d) => [d.peril, deductibleCents(d, base)]))
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

/** Whether the limits are exactly the form's coverages, in its order. */
export function limitsMatchForm(c: Pick<Coverages, 'form' | 'limits'>): boolean {
  const want = coverageCodesOf(c.form)
  return c.limits.length === want.length && c.limits.every((l, i) => l.code === want[i])
}
