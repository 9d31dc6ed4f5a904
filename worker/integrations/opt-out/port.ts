import type { OptOutPreference } from '../../../shared/sso/opt-out'

/** A privacy preference for the insurer's record (spec 001 "Opt-out confirmation page"). */
export interface OptOutRecord {
  policyId: string
  preference: OptOutPreference
  /** Where it was expressed: the SSO landing or the confirmation page. */
  source: 'sso-landing' | 'privacy-confirmation'
  /** True when the browser sent the Global Privacy Control signal. */
  gpc: boolean
  recordedAt: string
}

export interface OptOutPort {
  readonly name: 'http'
  /** Never throws. */
  record(record: OptOutRecord): Promise<{ ok: boolean; detail: string }>
}
