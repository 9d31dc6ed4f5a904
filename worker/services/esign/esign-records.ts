import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import type { HashedDocument } from './esign-documents'
import type { MailMessage } from '../../integrations/mail/port'
import { enqueue } from '../outbox/outbox-queue'

/** D1 access for e-signatures and their evidence (worker/db/migrations/0004_esign.sql). */

export interface SignatureRow {
  signature_id: string
  policy_id: string
  transaction_key: string
  content_sha256: string
  signed_at: number
  signed_at_iso: string
  date_signed: string
  session_id: string
  session_kind: 'direct' | 'sso'
  profile_id: string | null
  signer_json: string
  channel: 'island' | 'form' | 'api'
  applicant_signature: string
  consent_given: number
  consent_label: string
  terms_version: string
  terms_text: string
  terms_sha256: string
  terms_sections: string
  acknowledgement_html: string
  acknowledgement_sha256: string
  submission_json: string
  ip: string
  user_agent: string
  request_id: string
  response_message: string
  evidence_json: string
  evidence_sha256: string
}

export interface StatementRow {
  position: number
  statement_id: number
  statement_text: string
  text_sha256: string
  initials: string
}

/** A row of the policy document's e-signature history (spec 000 section 3). */
export interface HistoryRow {
  eSignature: string
  dateSigned: string
  statementText: string
}

export function findSignature(db: D1Database, policyId: string, transactionKey: string, contentSha256: string): Promise<SignatureRow | null> {
  return db
    .prepare('SELECT * FROM esign_signatures WHERE policy_id = ? AND transaction_key = ? AND content_sha256 = ?')
    .bind(policyId, transactionKey, contentSha256)
    .first<SignatureRow>()
}

export async function signatureStatements(db: D1Database, signatureId: string): Promise<StatementRow[]> {
  const { results } = await db
    .prepare('SELECT position, statement_id, statement_text, text_sha256, initials FROM esign_statements WHERE signature_id = ? ORDER BY position')
    .bind(signatureId)
    .all<StatementRow>()
  return results
}

/**
 * The policy of record after a signature: eSignatureRequired cleared and the new history rows put
 * first (newest first, like the history already held). Done in SQL on the stored JSON, so a change
 * another request made to the document meanwhile is kept, and only while the stored record still asks
 * for a signature: of two requests racing to apply the same signature (a double click), the second
 * finds the flag cleared and changes nothing, so the history is never written twice.
 */
export function policyUpdate(db: D1Database, policyId: string, rows: HistoryRow[], at: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE policies SET
         doc = json_set(doc,
           '$.eSignatureRequired', json('false'),
           '$.eSignatures', (
             SELECT json_group_array(json(value)) FROM (
               SELECT value, 0 AS part, CAST(key AS INTEGER) AS k FROM json_each(?1)
               UNION ALL
               SELECT value, 1 AS part, CAST(key AS INTEGER) AS k FROM json_each(policies.doc, '$.eSignatures')
               ORDER BY part, k
             )
           )),
         updated_at = ?2
       WHERE policy_id = ?3 AND json_extract(doc, '$.eSignatureRequired') = 1`,
    )
    .bind(JSON.stringify(rows), at, policyId)
}

export interface NewSignature {
  row: SignatureRow
  documents: HashedDocument[]
  statements: StatementRow[]
  history: HistoryRow[]
  /** The confirmation mail (issue 35), queued in the same batch: no signature without it, and none twice. */
  mail: MailMessage | null
}

/**
 * Writes the signature, its documents and statements, the policy update, an audit line and its
 * confirmation mail's outbox row (keyed by the signature) in one D1 batch (one transaction: all or
 * nothing). A second signature for the same documents fails on the UNIQUE key, and the batch with it.
 */
export async function insertSignature(db: D1Database, s: NewSignature, requestId: string): Promise<void> {
  const r = s.row
  const columns = Object.keys(r) as (keyof SignatureRow)[]
  const statements: D1PreparedStatement[] = [
    db.prepare(`INSERT INTO esign_signatures (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).bind(...columns.map((k) => r[k])),
    ...s.documents.map((d, i) =>
      db
        .prepare(
          `INSERT INTO esign_documents (signature_id, position, kind, description, file_name, r2_key, sha256, size, r2_etag, r2_uploaded)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(r.signature_id, i, d.kind, d.description, d.fileName, d.key, d.sha256, d.size, d.etag, d.uploaded),
    ),
    ...s.statements.map((st) =>
      db
        .prepare(
          `INSERT INTO esign_statements (signature_id, position, statement_id, statement_text, text_sha256, initials)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .bind(r.signature_id, st.position, st.statement_id, st.statement_text, st.text_sha256, st.initials),
    ),
    policyUpdate(db, r.policy_id, s.history, r.signed_at),
    // The audit line names the signature, never the typed name.
    db
      .prepare('INSERT INTO audit_log (at, request_id, event, profile_id, detail) VALUES (?, ?, ?, ?, ?)')
      .bind(r.signed_at, requestId, 'esign.signed', r.profile_id, `${r.policy_id} ${r.signature_id} ${r.channel}`),
    ...(s.mail ? [enqueue(db, { channel: 'mail', payload: s.mail, dedupeKey: `esign-confirmation:${r.signature_id}`, at: r.signed_at })] : []),
  ]
  await db.batch(statements)
}

/** Columns never copied into evidence, whatever another migration adds to sessions. */
const NOT_EVIDENCE = /pass|token|secret|birth|dob|hash/i

/**
 * The signer as the evidence records them: the session row (kind, profile or SSO scope and origin,
 * when and from where it started: whatever identity the login or SSO hand-off stored) and the
 * profile's id, user name and email. Never a password hash, a token or a date of birth.
 */
export async function signerSnapshot(db: D1Database, sessionId: string, profileId: string | null): Promise<Record<string, unknown>> {
  const row = await db.prepare('SELECT * FROM sessions WHERE session_id = ?').bind(sessionId).first<Record<string, unknown>>()
  const session = row ? Object.fromEntries(Object.entries(row).filter(([k]) => !NOT_EVIDENCE.test(k))) : null
  const profile = profileId
    ? await db.prepare('SELECT profile_id, user_name, email_address FROM profiles WHERE profile_id = ?').bind(profileId).first<Record<string, unknown>>()
    : null
  return { session, profile }
}
