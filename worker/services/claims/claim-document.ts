import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import { claimsSystem, ClaimsSystemRefusedError, ClaimsSystemUnknownOutcomeError, type ClaimsSystemDeps } from '../../integrations/claims-system'
import { handler, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox-delivery'
import { log } from '../../lib/log'

/**
 * A file added to an open claim reaches the claims system on the outbox's 'claim-document' channel
 * (decision 169): queued in the batch that attaches the file (claim-upload.ts), payload {claimNumber,
 * fileId}, dedupe key `claim-document:{fileId}`. The handler waits (a failed delivery, retried) while the
 * claim itself is not filed yet, does nothing when the claim's notice already carried the file
 * (claim_files.sent_at), and otherwise adds the reference with the file id as the claims system's
 * transaction id, so a retry never adds it twice.
 */
interface ClaimDocumentPayload {
  claimNumber: string
  fileId: string
}

/** The message queued with the file's rows; written only when the file's claim_files row is there. */
export function claimDocumentStatement(db: D1Database, claimNumber: string, fileId: string, r2Key: string, at: number): D1PreparedStatement {
  const payload: ClaimDocumentPayload = { claimNumber, fileId }
  return db
    .prepare(
      `INSERT INTO outbox (channel, dedupe_key, payload, status, attempts, next_attempt_at, created_at)
       SELECT 'claim-document', ?1, ?2, 'pending', 0, ?3, ?3 WHERE EXISTS (SELECT 1 FROM claim_files WHERE r2_key = ?4)
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(`claim-document:${fileId}`, JSON.stringify(payload), at, r2Key)
}

interface DocumentRow {
  position: number
  file_name: string
  content_type: string
  size_bytes: number
  sent_at: number | null
  claim_sent_at: number | null
  answers: string | null
}

export function claimDocumentHandler(deps: ClaimsSystemDeps = {}): OutboxHandler {
  return handler<ClaimDocumentPayload>(async (env, p, meta) => {
    const row =
      typeof p?.claimNumber === 'string' && typeof p.fileId === 'string'
        ? await env.DB.prepare(
            `SELECT f.position, f.file_name, f.content_type, f.size_bytes, f.sent_at, c.sent_at AS claim_sent_at, u.answers
             FROM claim_uploads u JOIN claim_files f ON f.r2_key = u.r2_key JOIN claims c ON c.claim_number = f.claim_number
             WHERE u.id = ?1 AND f.claim_number = ?2`,
          )
            .bind(p.fileId, p.claimNumber)
            .first<DocumentRow>()
        : null
    if (!row) throw new PermanentDeliveryError('no such claim file')
    if (row.sent_at !== null) return // the claim's notice carried it, or an earlier attempt did
    if (row.claim_sent_at === null) throw new Error('the claim is not filed with the claims system yet')
    const context = { claimNumber: p.claimNumber, fileId: p.fileId, attempt: meta.attempt }
    try {
      await claimsSystem(env, deps).addDocument(p.claimNumber, p.fileId, {
        name: row.file_name,
        contentType: row.content_type,
        bytes: row.size_bytes,
        answers: row.answers,
      })
    } catch (err) {
      if (err instanceof ClaimsSystemRefusedError) {
        log('error', 'claims system refused a claim document', { ...context, status: err.status, detail: err.detail })
        throw new PermanentDeliveryError(`refused: HTTP ${err.status} ${err.detail}`)
      }
      if (err instanceof ClaimsSystemUnknownOutcomeError) throw new Error(`claims system outcome unknown: ${err.reason} ${err.detail}`)
      throw err
    }
    await env.DB.prepare('UPDATE claim_files SET sent_at = COALESCE(sent_at, ?3) WHERE claim_number = ?1 AND position = ?2')
      .bind(p.claimNumber, row.position, meta.now)
      .run()
    log('info', 'claim document delivered to the claims system', context)
  })
}
