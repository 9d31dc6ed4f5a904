import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { ClaimState } from '../../../shared/claims/lifecycle'
import { linksWaitingStatement } from './claim-links'

/**
 * The claim's life after the report (migration 0014, decision 167): what the 'claim-notice' delivery
 * reads and records, the claims system's events, and the claim state folded from them. The rules are
 * shared/claims/lifecycle.ts; this file holds only the SQL.
 */

export interface ClaimForNotice {
  claim_number: string
  policy_id: string
  family: 'homeowners' | 'flood'
  loss_date: string
  peril: string
  submission: string
  created_at: number
  sent_at: number | null
  carrier_claim_number: string | null
}

export interface ClaimFileReference {
  position: number
  file_name: string
  content_type: string
  size_bytes: number
}

export function claimForNotice(db: D1Database, claimNumber: string): Promise<ClaimForNotice | null> {
  return db
    .prepare(
      'SELECT claim_number, policy_id, family, loss_date, peril, submission, created_at, sent_at, carrier_claim_number FROM claims WHERE claim_number = ?1',
    )
    .bind(claimNumber)
    .first<ClaimForNotice>()
}

export async function claimFileReferences(db: D1Database, claimNumber: string): Promise<ClaimFileReference[]> {
  const { results } = await db
    .prepare('SELECT position, file_name, content_type, size_bytes FROM claim_files WHERE claim_number = ?1 ORDER BY position')
    .bind(claimNumber)
    .all<ClaimFileReference>()
  return results
}

/**
 * The claims system's answer to the delivery; the first answer stays (a later one changes nothing). The
 * files the notice named are marked sent in the same batch: a file added meanwhile waits for its own
 * 'claim-document' delivery, which finds it sent when the notice carried it (never sent twice). Those
 * deliveries waited for this claim, not for the claims system: they become due now instead of at the
 * end of a backoff they ran into while the claim was unfiled (decision 185).
 */
export async function recordDelivery(
  db: D1Database,
  claimNumber: string,
  carrierClaimNumber: string,
  now: number,
  positions: readonly number[],
): Promise<void> {
  await db.batch([
    db
      .prepare('UPDATE claims SET sent_at = COALESCE(sent_at, ?2), carrier_claim_number = COALESCE(carrier_claim_number, ?3) WHERE claim_number = ?1')
      .bind(claimNumber, now, carrierClaimNumber),
    db
      .prepare(`UPDATE claim_files SET sent_at = COALESCE(sent_at, ?2) WHERE claim_number = ?1 AND position IN (SELECT value FROM json_each(?3))`)
      .bind(claimNumber, now, JSON.stringify(positions)),
    db
      .prepare(
        `UPDATE outbox SET next_attempt_at = ?2 WHERE status = 'pending' AND next_attempt_at > ?2 AND dedupe_key IN
           (SELECT 'claim-document:' || u.id FROM claim_uploads u JOIN claim_files f ON f.r2_key = u.r2_key WHERE f.claim_number = ?1)`,
      )
      .bind(claimNumber, now),
    // The claim's messages (decision 208) waited for it too.
    db
      .prepare(
        `UPDATE outbox SET next_attempt_at = ?2 WHERE status = 'pending' AND next_attempt_at > ?2 AND dedupe_key IN
           (SELECT 'claim-message:' || id FROM claim_messages WHERE claim_number = ?1 AND direction = 'to-team' AND sent_at IS NULL)`,
      )
      .bind(claimNumber, now),
    // So did its links to the other claim of the same loss (decision 213).
    linksWaitingStatement(db, claimNumber, now),
    // And its payment instruction (decision 210).
    db
      .prepare(`UPDATE outbox SET next_attempt_at = ?2 WHERE status = 'pending' AND next_attempt_at > ?2 AND dedupe_key LIKE 'claim-payout:' || ?1 || ':%'`)
      .bind(claimNumber, now),
  ])
}

export interface StoredClaimEvent {
  event_id: string
  sequence: number
  type: string
  /** The event's data, JSON. */
  payload: string
  occurred_at: string | null
  received_at: number
}

export interface NewClaimEvent {
  claimNumber: string
  eventId: string
  sequence: number
  type: string
  data: unknown
  occurredAt: string | null
  receivedAt: number
}

/**
 * Stores an event once, as a statement for a batch (with the mails it queues); the statement's result
 * changes nothing (meta.changes 0) when its id was already stored (a redelivery).
 */
export function insertClaimEventStatement(db: D1Database, e: NewClaimEvent): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO claim_events (claim_number, event_id, sequence, type, payload, occurred_at, received_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(event_id) DO NOTHING`,
    )
    .bind(e.claimNumber, e.eventId, e.sequence, e.type, JSON.stringify(e.data), e.occurredAt, e.receivedAt)
}

/** A claim's events in sequence order (then as they arrived): the timeline. */
export async function claimEvents(db: D1Database, claimNumber: string): Promise<StoredClaimEvent[]> {
  const { results } = await db
    .prepare(
      'SELECT event_id, sequence, type, payload, occurred_at, received_at FROM claim_events WHERE claim_number = ?1 ORDER BY sequence, received_at, rowid',
    )
    .bind(claimNumber)
    .all<StoredClaimEvent>()
  return results
}

export interface ClaimStateBase {
  sent_at: number | null
  carrier_claim_number: string | null
}

export function claimStateBase(db: D1Database, claimNumber: string): Promise<ClaimStateBase | null> {
  return db.prepare('SELECT sent_at, carrier_claim_number FROM claims WHERE claim_number = ?1').bind(claimNumber).first<ClaimStateBase>()
}

/**
 * Writes the folded state, only if it was folded from what is there now: the same delivery answer
 * (sent_at) and the same number of events. False when either changed meanwhile (fold again).
 */
export async function writeClaimState(
  db: D1Database,
  claimNumber: string,
  state: ClaimState,
  foldedFrom: { sentAt: number | null; events: number },
): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE claims SET status = ?2, carrier_claim_number = ?3, adjuster_name = ?4, adjuster_phone = ?5, adjuster_email = ?6,
         last_event_sequence = ?7, events_applied = ?8
       WHERE claim_number = ?1 AND sent_at IS ?9 AND (SELECT COUNT(*) FROM claim_events WHERE claim_number = ?1) = ?8`,
    )
    .bind(
      claimNumber,
      state.status,
      state.carrierClaimNumber,
      state.adjuster?.name ?? null,
      state.adjuster?.phone ?? null,
      state.adjuster?.email ?? null,
      state.lastSequence,
      foldedFrom.events,
      foldedFrom.sentAt,
    )
    .run()
  return (res.meta?.changes ?? 0) > 0
}

/** The items of the claim's document requests stored so far, other than this event's (decision 207). */
export async function earlierDocumentRequests(db: D1Database, claimNumber: string, eventId: string): Promise<string[][]> {
  const { results } = await db
    .prepare(
      `SELECT payload FROM claim_events WHERE claim_number = ?1 AND type = 'documents.requested' AND event_id <> ?2 ORDER BY sequence, received_at, rowid`,
    )
    .bind(claimNumber, eventId)
    .all<{ payload: string }>()
  return results.map((r) => (JSON.parse(r.payload) as { items: string[] }).items)
}

/** A file the portal sent for this claim: its name and the request it answers; null for another id. */
export function claimDocument(db: D1Database, claimNumber: string, documentId: string): Promise<{ name: string; answers: string | null } | null> {
  return db.prepare('SELECT name, answers FROM claim_uploads WHERE id = ?1 AND claim_number = ?2').bind(documentId, claimNumber).first()
}

/** Whether a file the portal sent for this claim has this id (document.received names it). */
export async function claimDocumentExists(db: D1Database, claimNumber: string, documentId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS one FROM claim_uploads WHERE id = ?1 AND claim_number = ?2').bind(documentId, claimNumber).first()) !== null
}

/** Whether the portal holds this claim (events for another claim number are refused). */
export async function claimExists(db: D1Database, claimNumber: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS one FROM claims WHERE claim_number = ?1').bind(claimNumber).first()) !== null
}
