import type { Locale } from '../i18n/locale'

/**
 * Mortgagees and additional interests on the Policy Summary page (spec 001 "Policy Summary page" and
 * section 9 "display cap"). Pure rules; the page only renders what these return.
 */
export interface MortgageeFacts {
  type: 'Mortgagee' | 'Lienholder'
  mortgageeId: number
  escrowFlag: string
}

export interface CapFacts {
  planId: string
  isFlood: boolean
  isExcessFlood: boolean
  isManufacturedHome: boolean
}

export type MortgageeHeading = 'Mortgagee' | 'Mortgagees' | 'Mortgagee/Lienholder' | 'Mortgagees/Lienholders'

/**
 * 'Renters or HO4-like plans': HO4 is the renters plan; HOA is the plan spec 001 groups with HO4 for the
 * additional-interest cap, so it is read as the "HO4-like" plan here too (docs/decisions/030).
 */
const ONE_ENTRY_PLANS: readonly string[] = ['HO4', 'HOA']

/** Spec 001 section 9: 1 for renters or HO4-like plans, 6 for excess flood, 3 for flood, 4 for manufactured home, else 2. */
export function mortgageeCap(p: CapFacts): number {
  if (ONE_ENTRY_PLANS.includes(p.planId.toUpperCase())) return 1
  if (p.isExcessFlood) return 6
  if (p.isFlood) return 3
  if (p.isManufacturedHome || p.planId.toUpperCase() === 'MFH') return 4
  return 2
}

/** The entries shown: the first `mortgageeCap` of the policy's list. */
export function shownMortgagees<M>(p: CapFacts & { mortgagees: readonly M[] }): M[] {
  return p.mortgagees.slice(0, mortgageeCap(p))
}

/** A lienholder policy: any of its entries has type Lienholder. */
function isLienholderPolicy(all: readonly Pick<MortgageeFacts, 'type'>[]): boolean {
  return all.some((m) => m.type === 'Lienholder')
}

/**
 * 'Mortgagee', 'Mortgagees', 'Mortgagee/Lienholder' or 'Mortgagees/Lienholders': the lienholder form
 * when any entry of the policy is a Lienholder; plural when more than one entry is shown.
 */
export function mortgageeHeading(all: readonly Pick<MortgageeFacts, 'type'>[], shownCount: number): MortgageeHeading {
  const plural = shownCount > 1
  if (isLienholderPolicy(all)) return plural ? 'Mortgagees/Lienholders' : 'Mortgagee/Lienholder'
  return plural ? 'Mortgagees' : 'Mortgagee'
}

/** 'Escrowed' shows only for type Mortgagee with mortgageeId 1 or 3: 'Yes' when escrowFlag is '1', else 'No'. */
export function escrowed(m: MortgageeFacts): 'Yes' | 'No' | null {
  if (m.type !== 'Mortgagee' || (m.mortgageeId !== 1 && m.mortgageeId !== 3)) return null
  return m.escrowFlag === '1' ? 'Yes' : 'No'
}

/** A Type line only on lienholder policies. */
export function showsMortgageeType(all: readonly Pick<MortgageeFacts, 'type'>[]): boolean {
  return isLienholderPolicy(all)
}

// ---------------------------------------------------------------- additional interests and insureds

export const ADDITIONAL_INTEREST_NOTE = '(Typically Landlord/Property Manager)'

/** The headings and words of these lists in Spanish (issue 36); the spec's English stays as it is. */
const SPANISH_WORDS: Readonly<Record<string, string>> = {
  Mortgagee: 'Compañía hipotecaria',
  Mortgagees: 'Compañías hipotecarias',
  'Mortgagee/Lienholder': 'Compañía hipotecaria/acreedor prendario',
  'Mortgagees/Lienholders': 'Compañías hipotecarias/acreedores prendarios',
  Lienholder: 'Acreedor prendario',
  Yes: 'Sí',
  No: 'No',
  [ADDITIONAL_INTEREST_NOTE]: '(Normalmente el arrendador o administrador de la propiedad)',
}

/** A heading, type, escrow answer or note of these lists in the page's language. */
export function mortgageeWordIn(locale: Locale, english: string): string {
  return locale === 'en' ? english : (SPANISH_WORDS[english] ?? english)
}

/** Spec 001 section 9: 1 for HO4 and HOA plans, 4 for MFH, 2 otherwise. */
export function additionalInterestCap(planId: string): number {
  const plan = planId.toUpperCase()
  if (plan === 'HO4' || plan === 'HOA') return 1
  if (plan === 'MFH') return 4
  return 2
}

export function shownAdditionalInterests<A>(p: { planId: string; additionalInterests: readonly A[] }): A[] {
  return p.additionalInterests.slice(0, additionalInterestCap(p.planId))
}

/** Additional Interest(s): non-flood only. */
export function showsAdditionalInterests(p: { isFlood: boolean }): boolean {
  return !p.isFlood
}

/** The country of an additional interest: umbrella only. */
export function showsAdditionalInterestCountry(p: { isUmbrella: boolean }): boolean {
  return p.isUmbrella
}

/** Additional Insured(s): flood only, and only when additional named insureds exist. */
export function showsAdditionalInsureds(p: { isFlood: boolean; additionalNamedInsureds: readonly unknown[] }): boolean {
  return p.isFlood && p.additionalNamedInsureds.length > 0
}
