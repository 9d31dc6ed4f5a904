/** Field rules of the Policy Summary page (spec 001 "Policy Summary page"). */
export interface SummaryFacts {
  isFlood: boolean
  isExcessFlood: boolean
  underwritingStatus: string
}

/** Underwriting status: flood only, not excess flood, when non-empty. It always carries the caution icon. */
export function showsUnderwritingStatus(p: SummaryFacts): boolean {
  return p.isFlood && !p.isExcessFlood && p.underwritingStatus.trim() !== ''
}

/** Flood zone: flood only (excess flood is a flood policy). */
export function showsFloodZone(p: Pick<SummaryFacts, 'isFlood'>): boolean {
  return p.isFlood
}

/** Date of birth and marital status: non-flood only. */
export function showsBirthDateAndMaritalStatus(p: Pick<SummaryFacts, 'isFlood'>): boolean {
  return !p.isFlood
}

const EMAIL_NOT_ON_FILE = 'Not on file'

/** Email, or 'Not on file' if empty. */
export function emailText(email: string): string {
  return email.trim() === '' ? EMAIL_NOT_ON_FILE : email.trim()
}
