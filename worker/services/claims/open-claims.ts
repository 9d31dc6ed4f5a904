import type { D1Database } from '@cloudflare/workers-types'
import type { ClaimEventType } from '../../../shared/claims/events'
import type { ClaimStatus } from '../../../shared/claims/lifecycle'
import { claimStage, STATUS_WORDS } from '../../../shared/claims/status-words'
import { openClaimsOfProfile } from '../../db/claims/claim-page'
import { unreadReplies } from '../../db/claims/claim-messages'

/** An open claim's line on its policy's Account Home card: 'Claim HO-2026-000123: Adjuster assigned'. */
export interface OpenClaimLine {
  claimNumber: string
  statusWords: string
  /** The claims team's replies not read yet (decision 208). */
  unread: number
}

/** The profile's open claims (not closed), by policy id, newest first (issue 19 item 3). */
export async function openClaimLines(db: D1Database, profileId: string): Promise<Map<string, OpenClaimLine[]>> {
  const byPolicy = new Map<string, OpenClaimLine[]>()
  const rows = await openClaimsOfProfile(db, profileId)
  const unread = await unreadReplies(
    db,
    rows.map((r) => r.claim_number),
  )
  for (const row of rows) {
    const types = JSON.parse(row.types) as ClaimEventType[]
    const line = {
      claimNumber: row.claim_number,
      statusWords: STATUS_WORDS[claimStage(row.status as ClaimStatus, types)],
      unread: unread.get(row.claim_number) ?? 0,
    }
    byPolicy.set(row.policy_id, [...(byPolicy.get(row.policy_id) ?? []), line])
  }
  return byPolicy
}
