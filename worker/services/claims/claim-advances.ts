import type { Env } from '../../env'
import type { AdvanceKind } from '../../../shared/claims/advance/advance-limits'
import type { AdvanceStatus, AdvanceUpdated } from '../../../shared/claims/advance/advance-updated'
import {
  advanceById,
  advanceByKey,
  advancesOf,
  claimForAdvance,
  claimUploadIds,
  markAdvanceSent,
  newAdvanceStatements,
  updateAdvanceStatus,
  uploadsNamed,
  type ClaimAdvanceRow,
} from '../../db/claims/claim-advances'
import { claimsSystem, ClaimsSystemRefusedError, ClaimsSystemUnknownOutcomeError, type ClaimsSystemDeps } from '../../integrations/claims-system'
import { handler, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox-delivery'
import { log } from '../../lib/log'

/**
 * Advance payments (flood) and additional living expenses (homeowners) asked for on a claim (issue 33
 * item 2, decision 211). A request is stored first, with the asker's idempotency key, in the batch that
 * queues its 'claim-advance' delivery: a repeat of the key (a retry, a double click, five copies at once)
 * finds it already there and queues nothing, so the claims system hears it once; the handler sends it
 * with the request id as the transaction id (a retried delivery: once). The claims system answers with
 * signed `advance.updated` events, applied in sequence order.
 */
const CLOSED = 'Closed'

export const ADVANCE_REFUSAL = {
  notFound: 'Claim not found.',
  keyRequired: 'An Idempotency-Key header is required: one key per request.',
  closed: 'This claim is closed, so it takes no new payment requests. Please call us if you need to reopen it.',
  wrongKind: 'This claim takes the other kind of request: an advance on a flood claim, living expenses on a homeowners claim.',
  unknownDocuments: 'One of the documents named is not a file of this claim. Send it with the claim first.',
} as const

/** A refused outcome as its HTTP status and words (the /v1 operation and the page answer alike); null when requested. */
export function advanceAnswerStatus(outcome: AdvanceOutcome): { status: 404 | 409 | 400; message: string } | null {
  switch (outcome.kind) {
    case 'requested':
      return null
    case 'not-found':
      return { status: 404, message: ADVANCE_REFUSAL.notFound }
    case 'closed':
      return { status: 409, message: ADVANCE_REFUSAL.closed }
    case 'wrong-kind':
      return { status: 409, message: ADVANCE_REFUSAL.wrongKind }
    case 'unknown-documents':
      return { status: 400, message: ADVANCE_REFUSAL.unknownDocuments }
  }
}

/** Which request a claim takes: a flood claim an advance, a homeowners claim living expenses. */
const advanceKindOf = (family: 'homeowners' | 'flood'): AdvanceKind => (family === 'flood' ? 'flood-advance' : 'living-expenses')

export interface ShownAdvance {
  id: string
  kind: AdvanceKind
  amountCents: number
  documents: number
  period: { from: string; to: string } | null
  purpose: string | null
  status: AdvanceStatus
  decidedCents: number | null
  reason: string | null
  requestedAt: string
}

function shown(r: ClaimAdvanceRow): ShownAdvance {
  return {
    id: r.id,
    kind: r.kind,
    amountCents: r.amount_cents,
    documents: (JSON.parse(r.document_ids) as string[]).length,
    period: r.period_from && r.period_to ? { from: r.period_from, to: r.period_to } : null,
    purpose: r.purpose,
    status: r.status,
    decidedCents: r.decided_cents,
    reason: r.reason,
    requestedAt: new Date(r.requested_at).toISOString(),
  }
}

/** The policy's claim's requests, newest first, and which kind it takes; null when it is not the policy's claim. */
export async function claimAdvances(
  env: Env,
  q: { policyId: string; claimNumber: string },
): Promise<{ kind: AdvanceKind; closed: boolean; requests: ShownAdvance[] } | null> {
  const claim = await claimForAdvance(env.DB, q.policyId, q.claimNumber)
  if (!claim) return null
  return { kind: advanceKindOf(claim.family), closed: claim.status === CLOSED, requests: (await advancesOf(env.DB, q.claimNumber)).map(shown) }
}

export interface AdvanceAsk {
  policyId: string
  claimNumber: string
  owner: string
  /** The kind the asker's form is for: a flood form on a homeowners claim is refused (409). */
  kind: AdvanceKind
  amountCents: number
  documentKind: string | null
  documentIds: readonly string[]
  period: { from: string; to: string } | null
  purpose: string | null
  key: string | null
  now: number
}

export type AdvanceOutcome =
  | { kind: 'requested'; request: ShownAdvance; repeated: boolean }
  | { kind: 'not-found' }
  | { kind: 'closed' }
  | { kind: 'wrong-kind' }
  | { kind: 'unknown-documents' }

/** Stores and queues a request (already checked by its shared schema, the limit included). */
export async function requestAdvance(env: Env, a: AdvanceAsk): Promise<AdvanceOutcome> {
  const claim = await claimForAdvance(env.DB, a.policyId, a.claimNumber)
  if (!claim) return { kind: 'not-found' }
  if (a.key) {
    const before = await advanceByKey(env.DB, a.claimNumber, a.owner, a.key)
    if (before) return { kind: 'requested', request: shown(before), repeated: true }
  }
  if (claim.status === CLOSED) return { kind: 'closed' }
  if (advanceKindOf(claim.family) !== a.kind) return { kind: 'wrong-kind' }
  const held = await claimUploadIds(env.DB, a.claimNumber, a.documentIds)
  if (held.length !== new Set(a.documentIds).size) return { kind: 'unknown-documents' }
  const id = `adv_${crypto.randomUUID().replaceAll('-', '')}`
  const [inserted] = await env.DB.batch(
    newAdvanceStatements(env.DB, {
      id,
      claimNumber: a.claimNumber,
      kind: a.kind,
      amountCents: a.amountCents,
      documentKind: a.documentIds.length > 0 ? a.documentKind : null,
      documentIds: held,
      periodFrom: a.period?.from ?? null,
      periodTo: a.period?.to ?? null,
      purpose: a.purpose,
      owner: a.owner,
      key: a.key,
      now: a.now,
    }),
  )
  const stored = (inserted?.meta?.changes ?? 0) > 0
  // Another copy with the same key was stored between the look-up and the batch: answer that one.
  const row = stored ? await advanceById(env.DB, id) : a.key ? await advanceByKey(env.DB, a.claimNumber, a.owner, a.key) : null
  if (!row) throw new Error('the advance request was neither stored nor found')
  return { kind: 'requested', request: shown(row), repeated: !stored }
}

/** The 'claim-advance' channel: the request to the claims system's payments, once per request id. */
export function claimAdvanceHandler(deps: ClaimsSystemDeps = {}): OutboxHandler {
  return handler<{ advanceId: string }>(async (env, p, meta) => {
    const row = typeof p?.advanceId === 'string' ? await advanceById(env.DB, p.advanceId) : null
    if (!row) throw new PermanentDeliveryError('no such advance request')
    if (row.sent_at !== null) return
    if (row.claim_sent_at === null) throw new Error('the claim is not filed with the claims system yet')
    const context = { claimNumber: row.claim_number, advanceId: row.id, attempt: meta.attempt }
    const documents = await uploadsNamed(env.DB, JSON.parse(row.document_ids) as string[])
    try {
      await claimsSystem(env, deps).requestAdvance(row.claim_number, row.id, {
        kind: row.kind,
        amountCents: row.amount_cents,
        documents: documents.map((d) => ({ documentId: d.id, name: d.name, contentType: d.content_type, bytes: d.size })),
        documentKind: row.document_kind,
        period: row.period_from && row.period_to ? { from: row.period_from, to: row.period_to } : null,
        purpose: row.purpose,
      })
    } catch (err) {
      if (err instanceof ClaimsSystemRefusedError) {
        log('error', 'claims system refused an advance request', { ...context, status: err.status, detail: err.detail })
        throw new PermanentDeliveryError(`refused: HTTP ${err.status} ${err.detail}`)
      }
      if (err instanceof ClaimsSystemUnknownOutcomeError) throw new Error(`claims system outcome unknown: ${err.reason} ${err.detail}`)
      throw err
    }
    await markAdvanceSent(env.DB, row.id, meta.now)
    log('info', 'advance request delivered to the claims system', context)
  })
}

/** An `advance.updated` event (signature and claim checked by the intake): applied when later than the status it has. */
export async function receiveAdvanceUpdate(env: Env, event: AdvanceUpdated, now: number): Promise<boolean> {
  const d = event.data
  return updateAdvanceStatus(env.DB, {
    claimNumber: event.claimNumber,
    id: d.requestId,
    status: d.status,
    sequence: event.sequence,
    decidedCents: d.status === 'approved' || d.status === 'paid' ? d.amountCents : null,
    reason: d.status === 'declined' ? d.reason : null,
    now,
  })
}
