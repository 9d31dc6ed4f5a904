import { isBirthDateExempt } from '../policy/family'

/** What the policy of record says about its holder (the verification answers). */
export interface PolicyIdentity {
  policyId: string
  lastName: string
  /** yyyy-mm-dd, or null when the record has none. */
  birthDate: string | null
}

/** Case, surrounding spaces and repeated inner spaces do not matter in a last name. */
export function normalizeLastName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US')
}

/**
 * Registration and Add policy's identity check. The last name must match. The date of birth must match,
 * except for policies exempt from it (FLD, or EX in the first three characters): there a blank date is
 * accepted, and a date that is given must match the record's when the record has one. A record without
 * a date cannot confirm a non-exempt policy. Callers answer every mismatch the same way.
 */
export function identityMatches(input: { lastName: string; birthDate: string | null }, record: PolicyIdentity): boolean {
  if (normalizeLastName(input.lastName) !== normalizeLastName(record.lastName)) return false
  if (isBirthDateExempt(record.policyId)) {
    return !input.birthDate || !record.birthDate || input.birthDate === record.birthDate
  }
  return Boolean(input.birthDate) && input.birthDate === record.birthDate
}
