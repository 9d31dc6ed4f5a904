import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { PolicyFamily } from '../../shared/policy/family'

/** Reads and writes of reported claims, their files and claim drafts (migration 0006, decision 100). */

export interface StoredClaimKey {
  claim_number: string
  request_hash: string
  answer_text: string
}

/** The claim a policy already has under this idempotency key, if any. */
export function claimByKey(db: D1Database, policyId: string, key: string): Promise<StoredClaimKey | null> {
  return db
    .prepare('SELECT claim_number, request_hash, answer_text FROM claims WHERE policy_id = ?1 AND idempotency_key = ?2')
    .bind(policyId, key)
    .first<StoredClaimKey>()
}

/** The last claim number given for a prefix and year (0 before the first). */
export async function lastClaimNumber(db: D1Database, prefix: string, year: number): Promise<number> {
  const row = await db
    .prepare('SELECT last_number FROM claim_number_counters WHERE prefix = ?1 AND year = ?2')
    .bind(prefix, year)
    .first<{ last_number: number }>()
  return row?.last_number ?? 0
}

export interface NewClaimRecord {
  claimNumber: string
  prefix: string
  year: number
  number: number
  policyId: string
  family: PolicyFamily
  sessionId: string
  profileId: string | null
  channel: 'island' | 'api'
  idempotencyKey: string
  requestHash: string
  lossDate: string
  peril: string
  submission: string
  pdfKey: string
  answerText: string
  createdAt: number
}

export interface NewClaimFile {
  position: number
  r2Key: string
  fileName: string
  contentType: string
  sizeBytes: number
  sha256: string
}

/**
 * The statements of one reported claim, for ONE db.batch with the outbox message: the counter moves to
 * this claim's number (never backwards), the claim row, its files, and the draft goes. A number another
 * request took first fails the batch on the claims primary key (nothing is written; the caller takes
 * the next number); the same idempotency key twice fails it on UNIQUE(policy_id, idempotency_key).
 */
export function claimWriteStatements(db: D1Database, c: NewClaimRecord, files: readonly NewClaimFile[], draftOwner: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'INSERT INTO claim_number_counters (prefix, year, last_number) VALUES (?1, ?2, ?3) ON CONFLICT (prefix, year) DO UPDATE SET last_number = MAX(last_number, excluded.last_number)',
      )
      .bind(c.prefix, c.year, c.number),
    db
      .prepare(
        `INSERT INTO claims (claim_number, policy_id, family, session_id, profile_id, channel, idempotency_key, request_hash, status, loss_date, peril, submission, pdf_key, answer_text, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'Reported', ?9, ?10, ?11, ?12, ?13, ?14)`,
      )
      .bind(
        c.claimNumber,
        c.policyId,
        c.family,
        c.sessionId,
        c.profileId,
        c.channel,
        c.idempotencyKey,
        c.requestHash,
        c.lossDate,
        c.peril,
        c.submission,
        c.pdfKey,
        c.answerText,
        c.createdAt,
      ),
    ...files.map((f) =>
      db
        .prepare(
          'INSERT INTO claim_files (claim_number, position, r2_key, file_name, content_type, size_bytes, sha256, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)',
        )
        .bind(c.claimNumber, f.position, f.r2Key, f.fileName, f.contentType, f.sizeBytes, f.sha256, c.createdAt),
    ),
    db.prepare('DELETE FROM claim_drafts WHERE policy_id = ?1 AND owner_key = ?2').bind(c.policyId, draftOwner),
  ]
}

export interface ReportedClaimRow {
  claim_number: string
  loss_date: string
  peril: string
  status: string
}

/** The claims reported through the portal on a policy, newest first. */
export async function reportedClaims(db: D1Database, policyId: string): Promise<ReportedClaimRow[]> {
  const { results } = await db
    .prepare('SELECT claim_number, loss_date, peril, status FROM claims WHERE policy_id = ?1 ORDER BY created_at DESC, claim_number DESC')
    .bind(policyId)
    .all<ReportedClaimRow>()
  return results
}

// ---------------------------------------------------------------- drafts

export interface DraftRow {
  values_json: string
  version: number
  updated_at: number
}

export function readDraft(db: D1Database, policyId: string, owner: string, now: number): Promise<DraftRow | null> {
  return db
    .prepare('SELECT values_json, version, updated_at FROM claim_drafts WHERE policy_id = ?1 AND owner_key = ?2 AND expires_at > ?3')
    .bind(policyId, owner, now)
    .first<DraftRow>()
}

/** Saves the draft and answers its new version. */
export async function writeDraft(
  db: D1Database,
  d: { policyId: string; owner: string; family: PolicyFamily; valuesJson: string; now: number; expiresAt: number },
): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO claim_drafts (policy_id, owner_key, family, values_json, version, updated_at, expires_at) VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6)
       ON CONFLICT (policy_id, owner_key) DO UPDATE SET values_json = excluded.values_json, family = excluded.family,
         version = CASE WHEN claim_drafts.expires_at > excluded.updated_at THEN claim_drafts.version + 1 ELSE 1 END,
         updated_at = excluded.updated_at, expires_at = excluded.expires_at
       RETURNING version`,
    )
    .bind(d.policyId, d.owner, d.family, d.valuesJson, d.now, d.expiresAt)
    .first<{ version: number }>()
  return row?.version ?? 1
}

export async function deleteDraft(db: D1Database, policyId: string, owner: string): Promise<void> {
  await db.prepare('DELETE FROM claim_drafts WHERE policy_id = ?1 AND owner_key = ?2').bind(policyId, owner).run()
}
