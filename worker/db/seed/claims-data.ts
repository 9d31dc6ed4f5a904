import type { Policy } from '../../../shared/policy/schemas/policy'
import { mayReportClaim } from '../../../shared/policy/permissions'
import { claimDeductibles } from '../../../shared/policy/coverages'

/**
 * The demo claims data (issue 10): the claims matrix of both families, which plans each row applies to
 * (read when pH.UseClaimsMatrixFiltered is on), the fraud language by state, and the claim seed data
 * of every policy that may report a claim. Pure functions of the policies; no clock.
 *
 * What each persona reaches (tests/fixtures/personas.json tags):
 * - claims.mitigation-window (sam, HO5 in TX): active, eligible plan, no exclusions, an endorsement:
 *   a loss within 5 days at the insured location shows the banner for every mitigation type.
 * - claims.single-detailed-cause (same policy): weather No, cause 'Vandalism' has one detailed cause.
 * - claims.wind-excluded (maria's condo in FL): Exclusions ['WIND'], so Board Up (2) is not offered.
 * - claims.endorsements (maria's HO3): endorsements, so Roof Tarping (4) is offered; filtered matrix.
 * - claims.flood-balance / claims.flood-open: the flood policies with and without a balance.
 */

export interface MatrixSeedRow {
  id: number
  family: 'homeowners' | 'flood'
  peril: string
  subPeril: string
  /** 0 not weather, 1 either, 2 weather only. */
  weather: 0 | 1 | 2
  /** 0 none, 1 Water, 2 Board Up, 3 Fire/Smoke, 4 Roof Tarping. */
  mitigation: 0 | 1 | 2 | 3 | 4
  plans: readonly string[]
}

const DWELLING = ['HO3', 'HO5', 'HO7', 'HO8', 'HOA', 'HOB', 'NH3', 'DP1', 'DP3', 'MFH', 'RSC']
const UNIT = ['HO4', 'HO6', 'NH6']
const COMMERCIAL = ['BR3', 'CPL', 'CPO', 'CPP']
const ALL_PROPERTY = [...DWELLING, ...UNIT, ...COMMERCIAL]
const STRUCTURE = [...DWELLING, 'HO6', 'NH6', ...COMMERCIAL]
const FLOOD = ['PRP', 'STD', 'MP3', 'EXC']

const ho = (id: number, peril: string, subPeril: string, weather: 0 | 1 | 2, mitigation: 0 | 1 | 2 | 3 | 4, plans: readonly string[]): MatrixSeedRow => ({
  id,
  family: 'homeowners',
  peril,
  subPeril,
  weather,
  mitigation,
  plans,
})

export const CLAIMS_MATRIX: readonly MatrixSeedRow[] = [
  ho(101, 'Water Damage', 'Burst or frozen pipe', 1, 1, ALL_PROPERTY),
  ho(102, 'Water Damage', 'Appliance or plumbing leak', 0, 1, ALL_PROPERTY),
  ho(103, 'Water Damage', 'Rain coming in through the roof', 2, 4, STRUCTURE),
  ho(104, 'Water Damage', 'Sewer or drain backup', 1, 1, ALL_PROPERTY),
  ho(111, 'Wind/Hail', 'Roof damaged by wind or hail', 2, 4, STRUCTURE),
  ho(112, 'Wind/Hail', 'Broken windows or doors', 2, 2, ALL_PROPERTY),
  ho(113, 'Wind/Hail', 'Siding, fences or other structures', 2, 0, STRUCTURE),
  ho(121, 'Fire', 'Kitchen or house fire', 0, 3, ALL_PROPERTY),
  ho(122, 'Fire', 'Wildfire', 2, 3, ALL_PROPERTY),
  ho(123, 'Fire', 'Smoke damage', 1, 3, ALL_PROPERTY),
  ho(131, 'Lightning', 'Lightning strike', 2, 3, ALL_PROPERTY),
  ho(141, 'Theft', 'Break-in or burglary', 0, 2, ALL_PROPERTY),
  ho(142, 'Theft', 'Theft away from home', 0, 0, ALL_PROPERTY),
  ho(151, 'Vandalism', 'Vandalism or malicious mischief', 0, 2, ALL_PROPERTY),
  ho(161, 'Falling Object', 'Tree or limb on the house', 1, 4, STRUCTURE),
  ho(171, 'Freezing', 'Ice dam', 2, 1, STRUCTURE),
  ho(181, 'Liability', 'Someone was injured on the property', 0, 0, ALL_PROPERTY),
  ho(182, 'Liability', "Damage to someone else's property", 0, 0, [...ALL_PROPERTY, 'UMB']),
  ho(191, 'Loss Assessment', 'Assessment by the association', 1, 0, ['HO6', 'NH6']),
  ho(192, 'Manufactured Home', 'Tie-down or anchoring failure', 2, 2, ['MFH']),
  ho(193, 'Business Property', 'Equipment breakdown', 0, 0, COMMERCIAL),
  { id: 901, family: 'flood', peril: 'Flood', subPeril: 'Rising water or storm surge', weather: 2, mitigation: 1, plans: FLOOD },
  { id: 902, family: 'flood', peril: 'Flood', subPeril: 'Mudflow', weather: 2, mitigation: 1, plans: FLOOD },
  { id: 903, family: 'flood', peril: 'Flood', subPeril: 'Erosion or collapse caused by flooding', weather: 2, mitigation: 0, plans: FLOOD },
]

export interface FraudLanguageSeed {
  state: string
  description: string
  fontName: string
  fontSize: string
  fontWeight: 'Y' | 'N'
}

export const FRAUD_LANGUAGE: readonly FraudLanguageSeed[] = [
  {
    state: '*',
    description:
      'Any person who knowingly and with intent to defraud any insurance company or other person files a statement of claim containing any materially false information, or conceals information concerning any fact material thereto, commits a fraudulent insurance act, which is a crime and subjects such person to criminal and civil penalties.',
    fontName: 'Arial',
    fontSize: '12',
    fontWeight: 'N',
  },
  {
    state: 'CA',
    description:
      'For your protection California law requires the following to appear on this form: Any person who knowingly presents a false or fraudulent claim for the payment of a loss is guilty of a crime and may be subject to fines and confinement in state prison.',
    fontName: 'Arial',
    fontSize: '12',
    fontWeight: 'N',
  },
  {
    state: 'FL',
    description:
      'Any person who knowingly and with intent to injure, defraud, or deceive any insurer files a statement of claim or an application containing any false, incomplete, or misleading information is guilty of a felony of the third degree.',
    fontName: 'Arial',
    fontSize: '14',
    fontWeight: 'Y',
  },
  {
    state: 'TX',
    description:
      'Any person who knowingly presents a false or fraudulent claim for the payment of a loss is guilty of a crime and may be subject to fines and confinement in state prison.',
    fontName: 'Times New Roman',
    fontSize: '13',
    fontWeight: 'N',
  },
]

export interface ClaimSeedRow {
  policyId: string
  exclusions: string[]
  endorsements: string[]
  /** Name -> cents. */
  deductibles: Record<string, number>
  shellClaim: boolean
  mitigationType: number
}

/** Exclusions by policy (everything else has none). */
const EXCLUSIONS: Readonly<Record<string, string[]>> = {
  CND4010002: ['WIND'],
  DWL4050005: ['WATER'],
}

/**
 * The deductibles box reads the policy's coverages (issue 24), so the claim form and the Policy Summary
 * never disagree; a policy without coverages shows none.
 */
function deductiblesFor(p: Policy): Record<string, number> {
  return p.coverages ? claimDeductibles(p.coverages) : {}
}

/** Endorsements are the policy documents named 'Endorsement …' (the seed data and the documents agree). */
function endorsementsOf(p: Policy): string[] {
  return p.policyDocuments.filter((d) => d.description.startsWith('Endorsement')).map((d) => d.description)
}

/** Seed data for every policy that may report a claim (spec 000: not cancelled, not excess flood). */
export function claimSeedRows(policies: readonly Policy[]): ClaimSeedRow[] {
  return policies.filter(mayReportClaim).map((p) => ({
    policyId: p.policyID,
    exclusions: EXCLUSIONS[p.policyID] ?? [],
    endorsements: endorsementsOf(p),
    deductibles: deductiblesFor(p),
    shellClaim: false,
    mitigationType: 0,
  }))
}
