import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

/**
 * Files uploaded one per request (migration 0015, decision 169): a row per upload, attached to a claim
 * by the claim's batch (claim_number set, a claim_files row copied from it) or at once when it was sent
 * to an open claim.
 */
export interface ClaimUploadRow {
  id: string
  policy_id: string
  owner: string
  r2_key: string
  name: string
  content_type: string
  size: number
  sha256: string
  created_at: number
  claim_number: string | null
}

export interface NewClaimUpload {
  id: string
  policyId: string
  owner: string
  r2Key: string
  name: string
  contentType: string
  size: number
  sha256: string
  createdAt: number
  /** The document request it answers (the item's words, decision 207); null for none. */
  answers?: string | null
}

export function insertUploadStatement(db: D1Database, u: NewClaimUpload, claimNumber: string | null = null): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO claim_uploads (id, policy_id, owner, r2_key, name, content_type, size, sha256, created_at, claim_number, answers)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
    )
    .bind(u.id, u.policyId, u.owner, u.r2Key, u.name, u.contentType, u.size, u.sha256, u.createdAt, claimNumber, u.answers ?? null)
}

/** The uploads of these ids (any policy and owner: the caller judges them). */
export async function uploadsByIds(db: D1Database, ids: readonly string[]): Promise<ClaimUploadRow[]> {
  if (ids.length === 0) return []
  const { results } = await db
    .prepare(`SELECT * FROM claim_uploads WHERE id IN (${ids.map((_, i) => `?${i + 1}`).join(', ')})`)
    .bind(...ids)
    .all<ClaimUploadRow>()
  return results
}

export interface ClaimOfPolicy {
  claim_number: string
  status: string
  files: number
}

/** A claim of this policy and how many files it holds, or null. */
export function claimOfPolicy(db: D1Database, policyId: string, claimNumber: string): Promise<ClaimOfPolicy | null> {
  return db
    .prepare(
      `SELECT claim_number, status, (SELECT COUNT(*) FROM claim_files f WHERE f.claim_number = claims.claim_number) AS files
       FROM claims WHERE policy_id = ?1 AND claim_number = ?2`,
    )
    .bind(policyId, claimNumber)
    .first<ClaimOfPolicy>()
}

/**
 * A file added to an open claim: its claim_files row takes the next position (the CHECK on position
 * refuses the 51st in the same statement, so two additions at once cannot pass the limit), and only while
 * the claim is not closed.
 */
export function attachToClaimStatement(db: D1Database, claimNumber: string, u: NewClaimUpload): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO claim_files (claim_number, position, r2_key, file_name, content_type, size_bytes, sha256, created_at)
       SELECT c.claim_number, (SELECT COALESCE(MAX(position), 0) + 1 FROM claim_files WHERE claim_number = ?1), ?2, ?3, ?4, ?5, ?6, ?7
       FROM claims c WHERE c.claim_number = ?1 AND c.status <> 'Closed'
       RETURNING position`,
    )
    .bind(claimNumber, u.r2Key, u.name, u.contentType, u.size, u.sha256, u.createdAt)
}

/** The name of an upload added to this claim (the claim page thanks for it by its id); null for any other id. */
export async function attachedUploadName(db: D1Database, claimNumber: string, id: string): Promise<string | null> {
  const row = await db.prepare('SELECT name FROM claim_uploads WHERE id = ?1 AND claim_number = ?2').bind(id, claimNumber).first<{ name: string }>()
  return row?.name ?? null
}
