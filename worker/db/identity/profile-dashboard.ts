import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types'
import { docUnlessHeld, versionColumn } from '../policy/policy-cache'
import { pendingPaymentColumn } from '../payments/payments'
import { autopayColumn } from '../payments/autopay'
import { openClaimsStatement, type OpenClaimRow } from '../claims/claim-page'

/** A linked policy's row for Account Home: the document only when the isolate lacks that version. */
export interface LinkedPolicyRow {
  policy_id: string
  nickname: string
  plan_id: string
  state: string
  version: string
  doc: string | null
  /** pendingPaymentColumn(): a payment on the policy still being processed, as JSON, or NULL. */
  pending_payment: string | null
  /** autopayColumn(): the policy's automatic payments, as JSON. */
  autopay: string | null
}

export interface DashboardRows {
  sendToProgressive: boolean
  rows: LinkedPolicyRow[]
  /** The open claims of those policies, for the cards' claim lines and the attention list. */
  openClaims: OpenClaimRow[]
}

/**
 * The reads of Account Home: the profile's flag, its linked policies in the profile's order, and their open claims.
 * `profile` is SQL for the profile id, bound to ?1: '?1' itself, or a subquery on the session id so
 * the session's own read can carry them in the same batch (decision 142). ?2 is heldVersions().
 */
export function dashboardStatements(
  db: D1Database,
  profile: string,
  key: string,
  held: string,
): [D1PreparedStatement, D1PreparedStatement, D1PreparedStatement] {
  return [
    db.prepare(`SELECT send_to_progressive FROM profiles WHERE profile_id = ${profile}`).bind(key),
    db
      .prepare(
        `SELECT pp.policy_id, pp.nickname, p.plan_id, p.state, ${versionColumn('p')} AS version, ${docUnlessHeld('p', '?2')} AS doc,
                ${pendingPaymentColumn('p')} AS pending_payment, ${autopayColumn('p')} AS autopay
         FROM profile_policies pp JOIN policies p ON p.policy_id = pp.policy_id WHERE pp.profile_id = ${profile} ORDER BY pp.position, pp.policy_id`,
      )
      .bind(key, held),
    openClaimsStatement(db, profile, key),
  ]
}

/** The rows of dashboardStatements' results; null when the profile does not exist. */
export function dashboardRowsOf(profile: D1Result | undefined, linked: D1Result | undefined, claims: D1Result | undefined): DashboardRows | null {
  const row = (profile?.results as { send_to_progressive: number }[] | undefined)?.[0]
  return row
    ? {
        sendToProgressive: row.send_to_progressive === 1,
        rows: (linked?.results ?? []) as LinkedPolicyRow[],
        openClaims: (claims?.results ?? []) as OpenClaimRow[],
      }
    : null
}

/** Account Home's reads for a profile, in one round trip. */
export async function findDashboardRows(db: D1Database, profileId: string, held: string): Promise<DashboardRows | null> {
  const [profile, linked, claims] = await db.batch(dashboardStatements(db, '?1', profileId, held))
  return dashboardRowsOf(profile, linked, claims)
}
