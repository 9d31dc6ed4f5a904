import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { PolicyFamily } from '../../../shared/policy/family'

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

/**
 * The claim number is not known before the batch: the batch takes it. Texts that name it (the answer,
 * the emails) are written with this placeholder, which the batch replaces with the number it took.
 */
export interface NumberPlaceholder {
  /** A random text per request, so nothing a policyholder types can stand for it. */
  token: string
}

export interface NewClaimRecord {
  prefix: string
  year: number
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
  /** The answer, naming the claim number by the placeholder. */
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

/** A message to queue with the claim; its dedupe key and payload name the claim number by the placeholder. */
export interface ClaimOutboxMessage {
  channel: string
  dedupeKey: string
  payload: string
  at: number
}

/** The claim number as SQL, from the counter row the batch has just moved: HO-2026-000042. */
const NUMBER_SQL = "printf('%s-%04d-%06d', ?1, ?2, (SELECT last_number FROM claim_number_counters WHERE prefix = ?1 AND year = ?2))"

/** The claim row of this request (the batch inserted it a statement earlier). */
const THIS_CLAIM = 'SELECT claim_number FROM claims WHERE policy_id = ?1 AND idempotency_key = ?2'

/**
 * The statements of one reported claim, for ONE db.batch (decision 164): the counter of (prefix, year)
 * moves on by one, the claim row takes the counter's new value as its number, its files and queued
 * messages read that number back, and the draft goes. D1 runs a batch as one transaction, one at a
 * time: two claims never read the same counter value, and a batch that fails (the same idempotency key
 * twice fails on UNIQUE(policy_id, idempotency_key)) rolls its counter step back, so no number is used
 * twice and none is skipped. The claims INSERT answers the number it took (RETURNING). A file is an
 * upload copied into claim_files (r2_key is unique there: an upload two claims name at once fails the
 * second batch) and marked attached.
 */
export function claimWriteStatements(
  db: D1Database,
  c: NewClaimRecord,
  files: readonly NewClaimFile[],
  messages: readonly ClaimOutboxMessage[],
  draftOwner: string,
  placeholder: NumberPlaceholder,
  /** The claim_uploads the files were copied from: marked attached to this claim (decision 169). */
  uploadIds: readonly string[] = [],
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'INSERT INTO claim_number_counters (prefix, year, last_number) VALUES (?1, ?2, 1) ON CONFLICT (prefix, year) DO UPDATE SET last_number = last_number + 1',
      )
      .bind(c.prefix, c.year),
    db
      .prepare(
        `INSERT INTO claims (claim_number, policy_id, family, session_id, profile_id, channel, idempotency_key, request_hash, status, loss_date, peril, submission, pdf_key, answer_text, created_at)
         SELECT n, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'Reported', ?10, ?11, ?12, ?13, replace(?14, ?16, n), ?15 FROM (SELECT ${NUMBER_SQL} AS n)
         RETURNING claim_number`,
      )
      .bind(
        c.prefix,
        c.year,
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
        placeholder.token,
      ),
    ...files.map((f) =>
      db
        .prepare(
          `INSERT INTO claim_files (claim_number, position, r2_key, file_name, content_type, size_bytes, sha256, created_at)
           SELECT claim_number, ?3, ?4, ?5, ?6, ?7, ?8, ?9 FROM (${THIS_CLAIM})`,
        )
        .bind(c.policyId, c.idempotencyKey, f.position, f.r2Key, f.fileName, f.contentType, f.sizeBytes, f.sha256, c.createdAt),
    ),
    ...uploadIds.map((id) =>
      db.prepare(`UPDATE claim_uploads SET claim_number = (${THIS_CLAIM}) WHERE id = ?3 AND claim_number IS NULL`).bind(c.policyId, c.idempotencyKey, id),
    ),
    ...messages.map((m) =>
      db
        .prepare(
          `INSERT INTO outbox (channel, dedupe_key, payload, status, attempts, next_attempt_at, created_at)
           SELECT ?3, replace(?4, ?7, claim_number), replace(?5, ?7, claim_number), 'pending', 0, ?6, ?6 FROM (${THIS_CLAIM}) WHERE true
           ON CONFLICT (dedupe_key) DO NOTHING`,
        )
        .bind(c.policyId, c.idempotencyKey, m.channel, m.dedupeKey, m.payload, m.at, placeholder.token),
    ),
    db.prepare('DELETE FROM claim_drafts WHERE policy_id = ?1 AND owner_key = ?2').bind(c.policyId, draftOwner),
  ]
}

/** The file names of a reported claim, in the order they were sent. */
export async function claimFileNames(db: D1Database, claimNumber: string): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT file_name FROM claim_files WHERE claim_number = ?1 ORDER BY position')
    .bind(claimNumber)
    .all<{ file_name: string }>()
  return results.map((r) => r.file_name)
}

export interface ReportedClaimRow {
  claim_number: string
  loss_date: string
  peril: string
  status: string
  /** The sum of the claim's payment.issued events (cents); null when none came. */
  paid_cents: number | null
}

/** The claims reported through the portal on a policy, newest first, with what their payment events paid. */
export async function reportedClaims(db: D1Database, policyId: string): Promise<ReportedClaimRow[]> {
  const { results } = await db
    .prepare(
      `SELECT claim_number, loss_date, peril, status,
         (SELECT SUM(json_extract(e.payload, '$.amountCents')) FROM claim_events e WHERE e.claim_number = claims.claim_number AND e.type = 'payment.issued') AS paid_cents
       FROM claims WHERE policy_id = ?1 ORDER BY created_at DESC, claim_number DESC`,
    )
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
