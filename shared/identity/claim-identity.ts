import { normalizeLastName } from './identity'

/**
 * Reporting a claim without signing in (issue 35 item 1, decision 220): who the person is, said by the
 * policy number, the last name and either the ZIP code of an address on the policy or the date of birth.
 */
export interface ClaimIdentityInput {
  lastName: string
  /** Five digits, or '' when the date of birth is given instead. */
  zipCode: string
  /** yyyy-mm-dd, or null when the ZIP code is given instead. */
  birthDate: string | null
}

/** What the policy of record says: its holder's last name, date of birth (when on file) and its addresses' ZIP codes. */
export interface ClaimIdentityRecord {
  lastName: string
  birthDate: string | null
  zipCodes: readonly string[]
}

const zip5 = (zip: string) => zip.trim().slice(0, 5)

/** The last name, and the ZIP code or the date of birth, must match; every mismatch is answered alike. */
export function claimIdentityMatches(input: ClaimIdentityInput, record: ClaimIdentityRecord): boolean {
  if (normalizeLastName(input.lastName) !== normalizeLastName(record.lastName)) return false
  const byZip = input.zipCode !== '' && record.zipCodes.some((z) => zip5(z) === zip5(input.zipCode))
  const byBirth = input.birthDate !== null && record.birthDate !== null && input.birthDate === record.birthDate
  return byZip || byBirth
}
