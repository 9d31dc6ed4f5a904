import type { CoverageCode, CoverageForm } from './schemas/coverages'

/**
 * The plain words of 'What's covered' on the Policy Summary (issue 24). Not in either spec: every one is
 * listed in the README's 'Texts for product review' table.
 */

export const COVERAGE_TEXT = {
  heading: "What's covered",
  limitsCaption: 'Your coverages and their limits',
  deductiblesHeading: 'Your deductibles',
  deductibleMeaning: 'For a covered claim, you pay the deductible and we pay the rest of the covered loss, up to the limit.',
  percentageMeaning: 'A percentage deductible is that share of the limit it names, worked out in dollars beside it.',
  endorsementsHeading: 'Endorsements',
  replacementCost: 'Building losses are paid at replacement cost (what it costs to rebuild, without taking off for wear).',
  actualCashValue: 'Building losses are paid at actual cash value (the cost to rebuild, less wear and age).',
  floodNotCovered: [
    'Flood insurance does not cover most contents of a basement, or property outside the building such as decks, fences, landscaping and vehicles.',
    'It does not pay for living elsewhere while the home is repaired, or for damage from moisture or mold you could have prevented.',
  ],
  proofLink: 'Get proof of insurance',
  documentsLink: 'Read what your policy covers in your coverage documents',
} as const

const EXPLANATIONS: Readonly<Record<CoverageCode, string>> = {
  A: 'Pays to repair or rebuild your home and anything attached to it.',
  B: 'Pays for structures not attached to your home, such as a detached garage, a shed or a fence.',
  C: 'Pays for your belongings, such as furniture, clothes and electronics, at home or away.',
  D: 'Pays extra living costs, such as a hotel and meals, while your home cannot be lived in after a covered loss.',
  E: 'Pays if you are legally responsible for injuring someone or damaging their property, including your legal defense.',
  F: "Pays a guest's medical bills if they are hurt on your property, whoever was at fault.",
  BUILDING: 'Pays for flood damage to the building and its systems, such as the foundation, wiring, plumbing and built-in appliances.',
  CONTENTS: 'Pays for flood damage to your belongings inside the building.',
  EACH_OCCURRENCE: 'The most paid for any one accident or loss.',
  AGGREGATE: 'The most paid for all losses in one policy term.',
  BUSINESS_PERSONAL_PROPERTY: "Pays for your business's equipment, furniture and stock.",
  BUSINESS_INCOME: 'Pays the income you lose, and your ongoing costs, while your business is closed after a covered loss.',
  COMPLETED_VALUE: 'Pays for damage to the building while it is being built, up to its value when finished.',
}

/** The one-line explanation of a coverage; a dwelling-fire D pays the rent you lose, a condo A the unit's walls-in part. */
export function coverageExplanation(form: CoverageForm, code: CoverageCode): string {
  if ((form === 'DP1' || form === 'DP3') && code === 'D') return 'Pays the rent you lose while the home cannot be rented after a covered loss.'
  if (form === 'HO6' && code === 'A') return 'Pays for the parts of your unit you own, such as walls, floors, cabinets and fixtures.'
  if (form === 'EXCESS_FLOOD' && code === 'BUILDING') return 'Pays for flood damage to the building above what your primary flood policy pays.'
  if (form === 'EXCESS_FLOOD' && code === 'CONTENTS') return 'Pays for flood damage to your belongings above what your primary flood policy pays.'
  return EXPLANATIONS[code]
}
