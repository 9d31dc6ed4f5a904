import type { D1Database } from '@cloudflare/workers-types'
import type { ClaimEventType } from '../../../shared/claims/events'
import type { ClaimStatus } from '../../../shared/claims/lifecycle'
import { claimStage, STATUS_WORDS } from '../../../shared/claims/status-words'
import { openClaimsOfProfile } from '../../db/claims/claim-page'

/** An open claim's line on its policy's Account Home card: 'Claim HO-2026-000123: Adjuster assigned'. */
export interface OpenClaimLine {
  claimNumber: string
  statusWords: string
}

/** The profile's open claims (not closed), by policy id, newest first (issue 19 item 3). */
export async function openClaimLines(db: D1Database, profileId: string): Promise<Map<string, OpenClaimLine[]>> {
  const byPolicy = new Map<string, OpenClaimLine[]>()
  for (const row of await openClaimsOfProfile(db, profileId)) {
    const types = JSON.parse(row.types) as ClaimEventType[]
    const line = { claimNumber: row.claim_number, statusWords: STATUS_WORDS[claimStage(row.status as ClaimStatus, types)] }
    byPolicy.set(row.policy_id, [...(byPolicy.get(row.policy_id) ?? []), line])
  }
  return byPolicy
}
