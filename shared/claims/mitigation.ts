import { MITIGATION_WINDOW_DAYS } from './dates'

/**
 * Mitigation (spec 001 section 4 "Homeowners claim flow" step 5 and "Flood claim flow", section 9):
 * the codes, the comment lines a request adds, and when the mitigation banner shows.
 */

/** Spec 001 section 9: 1 Water, 2 Board Up, 3 Fire/Smoke, 4 Roof Tarping. */
const MITIGATION_NAMES: Readonly<Record<number, string>> = { 1: 'Water', 2: 'Board Up', 3: 'Fire/Smoke', 4: 'Roof Tarping' }

/** Plans excluded from the mitigation banner (spec 001 section 9). */
const MITIGATION_EXCLUDED_PLANS: readonly string[] = ['HO4', 'HOA', 'DP1', 'RSC', 'BR3', 'CPP']

/** 'Water Mitigation Requested' for 1, and so on; '' for a code without mitigation. */
export function mitigationCommentLine(code: number): string {
  const name = MITIGATION_NAMES[code]
  return name ? `${name} Mitigation Requested` : ''
}

/** The submission's mitigationComment: one line per requested code, in code order, each once. */
export function mitigationComment(requested: readonly number[]): string {
  return [...new Set(requested)]
    .sort((a, b) => a - b)
    .map(mitigationCommentLine)
    .filter(Boolean)
    .join('\n')
}

export interface MitigationBannerFacts {
  /** The loss address equals the insured location of the seed data. */
  lossAtInsuredLocation: boolean
  planId: string
  /** Days between the loss and today on the policyholder's clock. */
  daysSinceLoss: number
  isPolicyActive: boolean
  mitigationType: number
  exclusions: readonly string[]
  endorsements: readonly string[]
}

const excludes = (exclusions: readonly string[], code: string) => exclusions.some((e) => e.toUpperCase().includes(code))

/**
 * Spec 001 section 4: shown only when the loss is at the insured location, the plan is not HO4, HOA,
 * DP1, RSC, BR3 or CPP, the loss is 5 days old or less, and the policy is active; then by mitigation
 * type: 0 hidden; 1 shown; 2 only without a WIND exclusion; 3 only without a WATER exclusion; 4 only
 * when the policy has endorsements.
 */
export function mitigationBannerShown(f: MitigationBannerFacts): boolean {
  if (!f.lossAtInsuredLocation || !f.isPolicyActive) return false
  if (MITIGATION_EXCLUDED_PLANS.includes(f.planId.toUpperCase())) return false
  if (f.daysSinceLoss > MITIGATION_WINDOW_DAYS) return false
  switch (f.mitigationType) {
    case 1:
      return true
    case 2:
      return !excludes(f.exclusions, 'WIND')
    case 3:
      return !excludes(f.exclusions, 'WATER')
    case 4:
      return f.endorsements.length > 0
    default:
      return false
  }
}
