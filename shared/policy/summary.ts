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

/**
 * What to do about an underwriting status that waits on the policyholder (issue 35): the spec shows the
 * status only. An Elevation Certificate is named and said where it comes from; any other pending status
 * sends the person to the agent, who knows what is missing. Null when nothing is waited for.
 */
export function underwritingNextStep(status: string): string | null {
  if (/elevation certificate/i.test(status)) {
    return (
      'Underwriting needs an Elevation Certificate for this building: a form a licensed land surveyor, engineer or architect fills in ' +
      "(your community's floodplain office may already have one). Please send it to your agent; until underwriting is completed, " +
      'the Declarations Page is not available.'
    )
  }
  if (/^pending\b/i.test(status.trim())) return 'Underwriting is waiting for something from you. Please ask your agent what is needed.'
  return null
}
