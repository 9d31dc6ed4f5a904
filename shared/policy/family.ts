/** Policy family selection (spec 000 section 1): AEX, EX or FLD prefixes are flood policies. */
export type PolicyFamily = 'flood' | 'homeowners'

const FLOOD_PREFIXES = ['AEX', 'EX', 'FLD'] as const

export function policyFamily(policyId: string): PolicyFamily {
  const id = policyId.toUpperCase()
  return FLOOD_PREFIXES.some((p) => id.startsWith(p)) ? 'flood' : 'homeowners'
}

/** Operations of each API route family (spec 000 section 7). */
const FAMILY_OPERATIONS: Record<PolicyFamily, readonly string[]> = {
  homeowners: [
    'GetPolicy',
    'GetDocumentDescriptorList',
    'MakePayment',
    'Mortgagee',
    'AdditionalInterest',
    'MailingAddress',
    'Phone',
    'Email',
    'PostESignatures',
    'GetESignatures',
    'GetPolicyStatements',
    'GetClaimsMatrix',
    'GetPolicySeedDataForClaim',
    'FirstNoticeOfLoss',
    'ClaimFile',
    'ClaimDraft',
    'ClaimMessages',
    'ClaimAdvances',
    'ClaimPayout',
  ],
  flood: [
    'GetPolicy',
    'GetDocumentDescriptorList',
    'MakePayment',
    'GetPolicyStatements',
    'GetClaimsMatrix',
    'GetPolicySeedDataForClaim',
    'FirstNoticeOfLoss',
    'ClaimFile',
    'ClaimDraft',
    'ClaimMessages',
    'ClaimAdvances',
    'ClaimPayout',
  ],
}

export const NO_ROUTE_FOR_REQUEST = 'NO ROUTE FOR REQUEST'

/**
 * The API family that serves an operation for a policy: its own family, else homeowners
 * where flood has no such route, else null ('NO ROUTE FOR REQUEST').
 */
export function routeFamilyFor(policyId: string, operation: string): PolicyFamily | null {
  const own = policyFamily(policyId)
  if (FAMILY_OPERATIONS[own].includes(operation)) return own
  if (FAMILY_OPERATIONS.homeowners.includes(operation)) return 'homeowners'
  return null
}

/** Date of birth is optional for numbers starting FLD or with EX in the first three characters. */
export function isBirthDateExempt(policyId: string): boolean {
  const id = policyId.toUpperCase()
  return id.startsWith('FLD') || id.slice(0, 3).includes('EX')
}
