import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { AdvanceStatus } from '../../../shared/claims/advance/advance-updated'
import type { AdvanceKind } from '../../../shared/claims/advance/advance-limits'

/**
 * Advance and living-expenses requests (migration 0030, decision 211): the SQL only. The rules are
 * services/claims/claim-advances.ts.
 */
export interface ClaimAdvanceRow {
  id: string
  claim_number: string
  kind: AdvanceKind
  amount_cents: number
  document_kind: string | null
  document_ids: string
  period_from: string | null
  period_to: string | null
  purpose: string | null
  status: AdvanceStatus
  decided_cents: number | null
  reason: string | null
  requested_at: number
  sent_at: number | null
}

const COLUMNS =
  'id, claim_number, kind, amount_cents, document_kind, document_ids, period_from, period_to, purpose, status, decided_cents, reason, requested_at, sent_at'

const ADVANCE_CHANNEL = 'claim-advance'

export interface NewAdvance {
  id: string
  claimNumber: string
  kind: AdvanceKind
  amountCents: number
  documentKind: string | null
  documentIds: readonly string[]
  periodFrom: string | null
  periodTo: string | null
  purpose: string | null
  owner: string
  key: string | null
  now: number
}

/**
 * The request and its delivery, for one batch: the row once per (claim, asker, key); the outbox row only
 * when this batch wrote the request, so a repeat of the key writes neither and the claims system hears it once.
 */
export function newAdvanceStatements(db: D1Database, a: NewAdvance): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO claim_advances (id, claim_number, kind, amount_cents, document_kind, document_ids, period_from, period_to, purpose,
           owner, idempotency_key, requested_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12) ON CONFLICT (claim_number, owner, idempotency_key) DO NOTHING`,
      )
      .bind(
        a.id,
        a.claimNumber,
        a.kind,
        a.amountCents,
        a.documentKind,
        JSON.stringify(a.documentIds),
        a.periodFrom,
        a.periodTo,
        a.purpose,
        a.owner,
        a.key,
        a.now,
      ),
    db
      .prepare(
        `INSERT INTO outbox (channel, dedupe_key, payload, status, attempts, next_attempt_at, created_at)
         SELECT ?1, ?2, ?3, 'pending', 0, ?4, ?4 WHERE EXISTS (SELECT 1 FROM claim_advances WHERE id = ?5)
         ON CONFLICT (dedupe_key) DO NOTHING`,
      )
      .bind(ADVANCE_CHANNEL, `${ADVANCE_CHANNEL}:${a.id}`, JSON.stringify({ advanceId: a.id }), a.now, a.id),
  ]
}

export function advanceByKey(db: D1Database, claimNumber: string, owner: string, key: string): Promise<ClaimAdvanceRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM claim_advances WHERE claim_number = ?1 AND owner = ?2 AND idempotency_key = ?3`)
    .bind(claimNumber, owner, key)
    .first<ClaimAdvanceRow>()
}

export function advanceById(db: D1Database, id: string): Promise<(ClaimAdvanceRow & { claim_sent_at: number | null }) | null> {
  const columns = COLUMNS.split(', ')
    .map((c) => `a.${c}`)
    .join(', ')
  return db
    .prepare(`SELECT ${columns}, c.sent_at AS claim_sent_at FROM claim_advances a JOIN claims c ON c.claim_number = a.claim_number WHERE a.id = ?1`)
    .bind(id)
    .first()
}

export async function markAdvanceSent(db: D1Database, id: string, now: number): Promise<void> {
  await db.prepare('UPDATE claim_advances SET sent_at = COALESCE(sent_at, ?2) WHERE id = ?1').bind(id, now).run()
}

export async function advancesOf(db: D1Database, claimNumber: string): Promise<ClaimAdvanceRow[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM claim_advances WHERE claim_number = ?1 ORDER BY requested_at DESC, id`)
    .bind(claimNumber)
    .all<ClaimAdvanceRow>()
  return results
}

/**
 * The claims system's news of a request: applied only when its sequence is later than the one that set the
 * status (a duplicate or a late event: no change). Answers whether it changed anything.
 */
export async function updateAdvanceStatus(
  db: D1Database,
  u: { claimNumber: string; id: string; status: AdvanceStatus; sequence: number; decidedCents: number | null; reason: string | null; now: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE claim_advances SET status = ?3, status_sequence = ?4, decided_cents = COALESCE(?5, decided_cents), reason = ?6, updated_at = ?7
       WHERE id = ?2 AND claim_number = ?1 AND status_sequence < ?4`,
    )
    .bind(u.claimNumber, u.id, u.status, u.sequence, u.decidedCents, u.reason, u.now)
    .run()
  return (result.meta?.changes ?? 0) > 0
}

export async function advanceExists(db: D1Database, claimNumber: string, id: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS one FROM claim_advances WHERE id = ?2 AND claim_number = ?1').bind(claimNumber, id).first()) !== null
}

/** The claim's files among these upload ids (a request names only files the claim holds). */
export async function claimUploadIds(db: D1Database, claimNumber: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare('SELECT id FROM claim_uploads WHERE claim_number = ?1 AND id IN (SELECT value FROM json_each(?2))')
    .bind(claimNumber, JSON.stringify(ids))
    .all<{ id: string }>()
  return results.map((r) => r.id)
}

/** The policy's claim: its status and family (null: another policy's, or none). */
export function claimForAdvance(db: D1Database, policyId: string, claimNumber: string): Promise<{ status: string; family: 'homeowners' | 'flood' } | null> {
  return db
    .prepare('SELECT status, family FROM claims WHERE claim_number = ?1 AND policy_id = ?2')
    .bind(claimNumber, policyId)
    .first<{ status: string; family: 'homeowners' | 'flood' }>()
}

/** The upload names of a request's documents, for the claims system. */
export async function uploadsNamed(db: D1Database, ids: readonly string[]): Promise<{ id: string; name: string; content_type: string; size: number }[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare('SELECT id, name, content_type, size FROM claim_uploads WHERE id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(ids))
    .all<{ id: string; name: string; content_type: string; size: number }>()
  return results
}
