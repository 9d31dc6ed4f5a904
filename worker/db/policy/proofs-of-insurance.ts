import type { D1Database } from '@cloudflare/workers-types'

/** The proofs of insurance issued (migration 0017): one row per verification code. */

export interface ProofRow {
  code: string
  policy_id: string
  issued_at: number
  pdf_sha256: string
}

export async function insertProof(db: D1Database, row: ProofRow): Promise<void> {
  await db
    .prepare('INSERT INTO proofs_of_insurance (code, policy_id, issued_at, pdf_sha256) VALUES (?1, ?2, ?3, ?4)')
    .bind(row.code, row.policy_id, row.issued_at, row.pdf_sha256)
    .run()
}

export function findProof(db: D1Database, code: string): Promise<ProofRow | null> {
  return db.prepare('SELECT code, policy_id, issued_at, pdf_sha256 FROM proofs_of_insurance WHERE code = ?1').bind(code).first<ProofRow>()
}
