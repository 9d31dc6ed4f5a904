import type { D1Database } from '@cloudflare/workers-types'
import type { ClaimFileReference, StoredClaimEvent } from './claim-events'

/**
 * What the policyholder's claim page reads (issue 19 item 3), in one round trip: the claim row, only
 * when it belongs to the loaded policy, its events in sequence order and the files sent with it.
 */
interface ClaimPageRow {
  claim_number: string
  family: 'homeowners' | 'flood'
  status: string
  loss_date: string
  peril: string
  created_at: number
  sent_at: number | null
  carrier_claim_number: string | null
  adjuster_name: string | null
  adjuster_phone: string | null
  adjuster_email: string | null
  /** The PDF copy of what was reported (R2), for claims reported in the portal. */
  pdf_key: string | null
}

/** A file of the claim, with the portal's id of it and the request it answers (decision 207). */
export interface ClaimPageFile extends ClaimFileReference {
  file_id: string | null
  answers: string | null
  created_at: number
}

export interface ClaimPageData {
  claim: ClaimPageRow
  events: StoredClaimEvent[]
  files: ClaimPageFile[]
}

const OWNED = 'SELECT claim_number FROM claims WHERE claim_number = ?1 AND policy_id = ?2'

/** The claim on this policy; null when there is no such claim or it is another policy's. */
export async function claimPageData(db: D1Database, policyId: string, claimNumber: string): Promise<ClaimPageData | null> {
  const [claim, events, files] = await db.batch([
    db
      .prepare(
        `SELECT claim_number, family, status, loss_date, peril, created_at, sent_at, carrier_claim_number, adjuster_name, adjuster_phone, adjuster_email, pdf_key
         FROM claims WHERE claim_number = ?1 AND policy_id = ?2`,
      )
      .bind(claimNumber, policyId),
    db
      .prepare(
        `SELECT event_id, sequence, type, payload, occurred_at, received_at FROM claim_events
         WHERE claim_number IN (${OWNED}) ORDER BY sequence, received_at, rowid`,
      )
      .bind(claimNumber, policyId),
    db
      .prepare(
        `SELECT f.position, f.file_name, f.content_type, f.size_bytes, f.created_at, u.id AS file_id, u.answers
         FROM claim_files f LEFT JOIN claim_uploads u ON u.r2_key = f.r2_key WHERE f.claim_number IN (${OWNED}) ORDER BY f.position`,
      )
      .bind(claimNumber, policyId),
  ])
  const row = (claim?.results as ClaimPageRow[] | undefined)?.[0]
  if (!row) return null
  return { claim: row, events: (events?.results ?? []) as StoredClaimEvent[], files: (files?.results ?? []) as ClaimPageFile[] }
}

export interface OpenClaimRow {
  claim_number: string
  policy_id: string
  status: string
  /** JSON array of the claim's event types in sequence order. */
  types: string
  /**
   * JSON: the document events in sequence order ({type, payload}, the payload as stored text) and the files
   * sent that answer a request ({id, answers}, in the order sent): what the documents checklist is read from.
   */
  documents: string
  /** The claims team's replies not read yet (decision 208). */
  unread: number
}

const DOCUMENT_EVENTS = "('documents.requested', 'document.received', 'document.reviewed')"

/**
 * The claims not yet closed on a profile's linked policies, newest first (Account Home's claim lines),
 * with the claims team's replies not read yet. `profile` is SQL for the profile id bound to ?1: '?1', or
 * a subquery on the session id, so the session's own read carries them (decisions 142, 235).
 */
export function openClaimsStatement(db: D1Database, profile: string, key: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT c.claim_number, c.policy_id, c.status,
         (SELECT json_group_array(type) FROM (SELECT type FROM claim_events e WHERE e.claim_number = c.claim_number ORDER BY sequence, received_at, rowid)) AS types,
         json_object(
           'events', (SELECT json_group_array(json_object('type', type, 'payload', payload)) FROM (SELECT type, payload FROM claim_events e
             WHERE e.claim_number = c.claim_number AND e.type IN ${DOCUMENT_EVENTS} ORDER BY sequence, received_at, rowid)),
           'files', (SELECT json_group_array(json_object('id', id, 'answers', answers)) FROM (SELECT u.id, u.answers FROM claim_files f
             JOIN claim_uploads u ON u.r2_key = f.r2_key WHERE f.claim_number = c.claim_number AND u.answers IS NOT NULL ORDER BY f.position))
         ) AS documents,
         (SELECT COUNT(*) FROM claim_messages m WHERE m.claim_number = c.claim_number AND m.direction = 'from-team' AND m.read_at IS NULL) AS unread
       FROM claims c JOIN profile_policies pp ON pp.policy_id = c.policy_id
       WHERE pp.profile_id = ${profile} AND c.status <> 'Closed' ORDER BY c.created_at DESC, c.claim_number DESC`,
    )
    .bind(key)
}

/** Where the claim's PDF copy is (R2), when the claim is on this policy and has one. */
export async function claimCopyKey(db: D1Database, policyId: string, claimNumber: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT pdf_key FROM claims WHERE claim_number = ?1 AND policy_id = ?2')
    .bind(claimNumber, policyId)
    .first<{ pdf_key: string | null }>()
  return row?.pdf_key ?? null
}
