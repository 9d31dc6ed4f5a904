import type { PolicyFamily } from '../../policy/family'

/** The words of one loss across two policies (decision 213): the offer, the carried form, the link on each claim. */
const CLAIM_KIND: Record<PolicyFamily, string> = { homeowners: 'homeowners', flood: 'flood' }

export const PAIRED_TEXT = {
  offerHeading: (family: PolicyFamily) => `Your ${CLAIM_KIND[family]} policy may cover this loss too`,
  offerBody: (family: PolicyFamily, policyId: string, address: string) =>
    `Your ${CLAIM_KIND[family]} policy ${policyId} covers the same home at ${address}. After a storm, damage from wind and damage from flood water are claimed on separate policies, each with its own adjuster.`,
  offerCarried:
    'We fill in the date of loss, what happened and your contact details from this claim; you complete the rest. We link the two claims and tell each adjuster the other claim number.',
  offerLink: (family: PolicyFamily) => `Report the ${CLAIM_KIND[family]} claim too`,
  alreadyLinked: (family: PolicyFamily) => `You reported the ${CLAIM_KIND[family]} claim for this loss too:`,
  carriedNotice: (claimNumber: string) =>
    `This claim is for the same loss as claim ${claimNumber}. We filled in what both claims share; check it and complete the rest. When you report it, we link the two claims.`,
  linkedHeading: 'The same loss on your other policy',
  linked: (family: PolicyFamily) => `This loss is also claimed on your ${CLAIM_KIND[family]} policy:`,
  linkedTold: 'The claims team handling this claim has been told the other claim number.',
  linkedTelling: 'We are telling the claims team handling this claim the other claim number.',
  refusedNotPaired: 'This claim cannot be linked to that one: it is not a storm claim on your other policy of this home.',
  refusedLinked: (claimNumber: string) => `The claim for this loss on this policy was reported already: ${claimNumber}.`,
} as const
