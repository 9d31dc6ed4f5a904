import type { D1Database } from '@cloudflare/workers-types'
import { failSwitch } from '../fail-switch'
import { sha256Hex } from '../../lib/sha256'

/**
 * The claims-system stand-in's own state (migration 0014's standin_claims_* tables; dev only, nothing
 * in the portal reads them): claims (a draft, then open), their document references, the transaction
 * ids already committed, and the failure switch.
 */
export interface StandInClaimRow {
  id: string
  reference: string
  draft_number: string
  carrier_claim_number: string | null
  policy_id: string
  loss_date: string
  status: 'draft' | 'open' | 'closed'
  next_sequence: number
  created_at: number
}

export interface StandInDocument {
  name: string
  contentType: string
  bytes: number
  /** For a document sent after the claim: the portal's id of it, and the request it answers (decision 207). */
  documentId?: string
  answers?: string | null
}

/** The claim as the stand-in's API answers it (the adapter's claimSchema). */
export const apiClaim = (r: StandInClaimRow) => ({
  id: r.id,
  reference: r.reference,
  draftClaimNumber: r.draft_number,
  claimNumber: r.carrier_claim_number,
  status: r.status,
})

export const byReference = (db: D1Database, reference: string) =>
  db.prepare('SELECT * FROM standin_claims WHERE reference = ?1').bind(reference).first<StandInClaimRow>()

export const byId = (db: D1Database, id: string) => db.prepare('SELECT * FROM standin_claims WHERE id = ?1').bind(id).first<StandInClaimRow>()

export async function transactionDone(db: D1Database, transactionId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS one FROM standin_claims_transactions WHERE transaction_id = ?1').bind(transactionId).first()) !== null
}

export const transactionStatement = (db: D1Database, transactionId: string, claimId: string, now: number) =>
  db.prepare('INSERT INTO standin_claims_transactions (transaction_id, claim_id, created_at) VALUES (?1, ?2, ?3)').bind(transactionId, claimId, now)

/** Numbers derived from the reference: the same claim always gets the same ones. */
async function numbersOf(reference: string): Promise<{ id: string; draft: string; open: string }> {
  const h = (await sha256Hex(`standin-claim:${reference}`)).toUpperCase()
  return { id: `cc-${h.slice(0, 16).toLowerCase()}`, draft: `DR-${h.slice(16, 24)}`, open: `CLM-${h.slice(24, 32)}` }
}

/**
 * A draft for a reference, with its transaction id, in one batch; the reference's existing claim when
 * it has one (the transaction id is recorded either way). Throws when the transaction id was taken
 * meanwhile (the caller answers 'already executed').
 */
export async function createDraft(
  db: D1Database,
  d: { reference: string; policyId: string; lossDate: string; notice: string; documents: StandInDocument[]; transactionId: string; now: number },
): Promise<StandInClaimRow> {
  const existing = await byReference(db, d.reference)
  if (existing) {
    await transactionStatement(db, d.transactionId, existing.id, d.now).run()
    return existing
  }
  const n = await numbersOf(d.reference)
  await db.batch([
    db
      .prepare(
        `INSERT INTO standin_claims (id, reference, draft_number, policy_id, loss_date, status, notice, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, 'draft', ?6, ?7)`,
      )
      .bind(n.id, d.reference, n.draft, d.policyId, d.lossDate, d.notice, d.now),
    ...d.documents.map((doc, i) =>
      db
        .prepare('INSERT INTO standin_claims_documents (claim_id, position, name, content_type, bytes) VALUES (?1, ?2, ?3, ?4, ?5)')
        .bind(n.id, i + 1, doc.name, doc.contentType, doc.bytes),
    ),
    transactionStatement(db, d.transactionId, n.id, d.now),
  ])
  return (await byId(db, n.id))!
}

/** The draft becomes an open claim with its claim number (an open claim stays as it is). */
export async function submitDraft(db: D1Database, claim: StandInClaimRow, transactionId: string, now: number): Promise<StandInClaimRow> {
  const n = await numbersOf(claim.reference)
  await db.batch([
    db
      .prepare("UPDATE standin_claims SET status = 'open', carrier_claim_number = ?2, submitted_at = ?3 WHERE id = ?1 AND status = 'draft'")
      .bind(claim.id, n.open, now),
    transactionStatement(db, transactionId, claim.id, now),
  ])
  return (await byId(db, claim.id))!
}

/** A document sent after the claim, with its transaction id, in one batch (the id taken meanwhile: throws). */
export async function addDocument(db: D1Database, claimId: string, doc: StandInDocument, transactionId: string, now: number): Promise<void> {
  await db.batch([
    transactionStatement(db, transactionId, claimId, now),
    db
      .prepare(
        `INSERT INTO standin_claims_documents (claim_id, position, name, content_type, bytes, document_id, answers)
         SELECT ?1, COALESCE(MAX(position), 0) + 1, ?2, ?3, ?4, ?5, ?6 FROM standin_claims_documents WHERE claim_id = ?1`,
      )
      .bind(claimId, doc.name, doc.contentType, doc.bytes, doc.documentId ?? null, doc.answers ?? null),
  ])
}

/** The portal's id of the newest document sent after the claim (what a pushed document.received names when not told). */
export async function newestDocumentId(db: D1Database, claimId: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT document_id FROM standin_claims_documents WHERE claim_id = ?1 AND document_id IS NOT NULL ORDER BY position DESC LIMIT 1')
    .bind(claimId)
    .first<{ document_id: string }>()
  return row?.document_id ?? null
}

export interface StandInNote {
  subject: string
  body: string
  author: string
}

/** A note (the policyholder's message) with its transaction id, in one batch (the id taken meanwhile: throws). */
export async function addNote(db: D1Database, claimId: string, note: StandInNote, transactionId: string, now: number): Promise<void> {
  await db.batch([
    transactionStatement(db, transactionId, claimId, now),
    db
      .prepare(
        `INSERT INTO standin_claims_notes (claim_id, position, subject, body, author, created_at)
         SELECT ?1, COALESCE(MAX(position), 0) + 1, ?2, ?3, ?4, ?5 FROM standin_claims_notes WHERE claim_id = ?1`,
      )
      .bind(claimId, note.subject, note.body, note.author, now),
  ])
}

/** A payment instruction with its transaction id, in one batch (the id taken meanwhile: throws). */
export async function addPaymentInstruction(db: D1Database, claimId: string, instruction: unknown, transactionId: string, now: number): Promise<void> {
  await db.batch([
    transactionStatement(db, transactionId, claimId, now),
    db
      .prepare(
        `INSERT INTO standin_claims_payouts (claim_id, position, instruction, created_at)
         SELECT ?1, COALESCE(MAX(position), 0) + 1, ?2, ?3 FROM standin_claims_payouts WHERE claim_id = ?1`,
      )
      .bind(claimId, JSON.stringify(instruction), now),
  ])
}

/** A claim's payment instructions, oldest first (the last is the one in force). */
export async function paymentInstructions(db: D1Database, claimId: string): Promise<unknown[]> {
  const { results } = await db
    .prepare('SELECT instruction FROM standin_claims_payouts WHERE claim_id = ?1 ORDER BY position')
    .bind(claimId)
    .all<{ instruction: string }>()
  return results.map((r) => JSON.parse(r.instruction) as unknown)
}

export async function setStatus(db: D1Database, id: string, status: StandInClaimRow['status']): Promise<void> {
  await db.prepare('UPDATE standin_claims SET status = ?2 WHERE id = ?1').bind(id, status).run()
}

/** The sequence of the next event for a claim: `given` when the caller chose one, the next in line otherwise. */
export async function takeSequence(db: D1Database, id: string, given: number | undefined): Promise<number> {
  if (given !== undefined) {
    await db.prepare('UPDATE standin_claims SET next_sequence = MAX(next_sequence, ?2 + 1) WHERE id = ?1').bind(id, given).run()
    return given
  }
  const row = await db
    .prepare('UPDATE standin_claims SET next_sequence = next_sequence + 1 WHERE id = ?1 RETURNING next_sequence - 1 AS sequence')
    .bind(id)
    .first<{ sequence: number }>()
  return row!.sequence
}

export interface ListedClaim {
  claimNumber: string
  carrierClaimNumber: string | null
  policyId: string
  lossDate: string
  status: StandInClaimRow['status']
  documents: StandInDocument[]
  notes: StandInNote[]
}

/** Every claim the stand-in holds, oldest first: one entry per claim however often it was sent. */
export async function listClaims(db: D1Database): Promise<ListedClaim[]> {
  const [claims, docs, noteRows] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT * FROM standin_claims ORDER BY created_at, reference'),
    db.prepare('SELECT claim_id, name, content_type, bytes, document_id, answers FROM standin_claims_documents ORDER BY claim_id, position'),
    db.prepare('SELECT claim_id, subject, body, author FROM standin_claims_notes ORDER BY claim_id, position'),
  ])
  const notes = new Map<string, StandInNote[]>()
  for (const n of noteRows!.results as unknown as (StandInNote & { claim_id: string })[]) {
    notes.set(n.claim_id, [...(notes.get(n.claim_id) ?? []), { subject: n.subject, body: n.body, author: n.author }])
  }
  type Row = { claim_id: string; name: string; content_type: string; bytes: number; document_id: string | null; answers: string | null }
  const documents = (docs!.results as Row[]).reduce<Record<string, StandInDocument[]>>((by, d) => {
    const later = d.document_id ? { documentId: d.document_id, answers: d.answers } : {}
    by[d.claim_id] = [...(by[d.claim_id] ?? []), { name: d.name, contentType: d.content_type, bytes: d.bytes, ...later }]
    return by
  }, {})
  return (claims!.results as unknown as StandInClaimRow[]).map((c) => ({
    claimNumber: c.reference,
    carrierClaimNumber: c.carrier_claim_number,
    policyId: c.policy_id,
    lossDate: c.loss_date,
    status: c.status,
    documents: documents[c.id] ?? [],
    notes: notes.get(c.id) ?? [],
  }))
}

export async function forgetAll(db: D1Database): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM standin_claims_documents'),
    db.prepare('DELETE FROM standin_claims_notes'),
    db.prepare('DELETE FROM standin_claims_advances'),
    db.prepare('DELETE FROM standin_claims_related'),
    db.prepare('DELETE FROM standin_claims_payouts'),
    db.prepare('DELETE FROM standin_claims_transactions'),
    db.prepare('DELETE FROM standin_claims'),
    db.prepare('DELETE FROM standin_claims_fail'),
  ])
}

/** This stand-in's fail switch (worker/dev/fail-switch.ts). */
export const failures = (db: D1Database) => failSwitch(db, 'standin_claims_fail')
