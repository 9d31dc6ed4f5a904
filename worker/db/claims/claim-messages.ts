import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

/**
 * The conversation with the claims team (migration 0027, decision 208): the SQL only. The rules are
 * services/claims/claim-messages.ts.
 */
export interface ClaimMessageRow {
  id: string
  claim_number: string
  direction: 'to-team' | 'from-team'
  body: string
  author: string | null
  posted_at: number
  sent_at: number | null
  read_at: number | null
}

const COLUMNS = 'id, claim_number, direction, body, author, posted_at, sent_at, read_at'

const MESSAGE_CHANNEL = 'claim-message'
const messageDedupeKey = (id: string) => `${MESSAGE_CHANNEL}:${id}`

/**
 * The policyholder's message and its delivery, for one batch: the row is written once per (claim,
 * writer, key); the outbox row only when this batch wrote the message (a repeat of the key writes
 * neither), so a message is stored before it is sent and sent once however often it is asked.
 */
export function newMessageStatements(
  db: D1Database,
  m: { id: string; claimNumber: string; body: string; owner: string; key: string | null; now: number },
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO claim_messages (id, claim_number, direction, body, owner, idempotency_key, posted_at, received_at)
         VALUES (?1, ?2, 'to-team', ?3, ?4, ?5, ?6, ?6) ON CONFLICT (claim_number, owner, idempotency_key) DO NOTHING`,
      )
      .bind(m.id, m.claimNumber, m.body, m.owner, m.key, m.now),
    db
      .prepare(
        `INSERT INTO outbox (channel, dedupe_key, payload, status, attempts, next_attempt_at, created_at)
         SELECT ?1, ?2, ?3, 'pending', 0, ?4, ?4 WHERE EXISTS (SELECT 1 FROM claim_messages WHERE id = ?5)
         ON CONFLICT (dedupe_key) DO NOTHING`,
      )
      .bind(MESSAGE_CHANNEL, messageDedupeKey(m.id), JSON.stringify({ messageId: m.id }), m.now, m.id),
  ]
}

/** The message a writer already sent with this key. */
export function messageByKey(db: D1Database, claimNumber: string, owner: string, key: string): Promise<ClaimMessageRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM claim_messages WHERE claim_number = ?1 AND owner = ?2 AND idempotency_key = ?3`)
    .bind(claimNumber, owner, key)
    .first<ClaimMessageRow>()
}

export function messageById(db: D1Database, id: string): Promise<(ClaimMessageRow & { claim_sent_at: number | null }) | null> {
  return db
    .prepare(
      `SELECT m.id, m.claim_number, m.direction, m.body, m.author, m.posted_at, m.sent_at, m.read_at, c.sent_at AS claim_sent_at
       FROM claim_messages m JOIN claims c ON c.claim_number = m.claim_number WHERE m.id = ?1`,
    )
    .bind(id)
    .first()
}

export async function markMessageSent(db: D1Database, id: string, now: number): Promise<void> {
  await db.prepare('UPDATE claim_messages SET sent_at = COALESCE(sent_at, ?2) WHERE id = ?1').bind(id, now).run()
}

/** A claims team reply, once per event id (a redelivery changes nothing: meta.changes 0). */
export function teamMessageStatement(
  db: D1Database,
  m: { eventId: string; claimNumber: string; body: string; author: string; sequence: number; postedAt: number; now: number },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO claim_messages (id, claim_number, direction, body, author, event_id, sequence, posted_at, received_at)
       VALUES (?1, ?2, 'from-team', ?3, ?4, ?1, ?5, ?6, ?7) ON CONFLICT DO NOTHING`,
    )
    .bind(m.eventId, m.claimNumber, m.body, m.author, m.sequence, m.postedAt, m.now)
}

/** The claim's conversation in the order it was written (a late event falls in its place), then as it arrived. */
export async function conversationOf(db: D1Database, claimNumber: string): Promise<ClaimMessageRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM claim_messages WHERE claim_number = ?1 ORDER BY posted_at, sequence, received_at, id`)
    .bind(claimNumber)
    .all<ClaimMessageRow>()
  return results
}

/** The team's replies on the claim are read now. */
export async function markRepliesRead(db: D1Database, claimNumber: string, now: number): Promise<void> {
  await db
    .prepare("UPDATE claim_messages SET read_at = ?2 WHERE claim_number = ?1 AND direction = 'from-team' AND read_at IS NULL")
    .bind(claimNumber, now)
    .run()
}

/** The claim's status when it is the policy's claim (null: another policy's, or none). */
export function claimOfPolicy(db: D1Database, policyId: string, claimNumber: string): Promise<{ status: string } | null> {
  return db.prepare('SELECT status FROM claims WHERE claim_number = ?1 AND policy_id = ?2').bind(claimNumber, policyId).first<{ status: string }>()
}
