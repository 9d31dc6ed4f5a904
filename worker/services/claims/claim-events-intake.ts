import type { Env } from '../../env'
import { claimEventSchema, type ClaimEvent } from '../../../shared/claims/events'
import { maskCardNumbersIn } from '../../../shared/payments/mask-card-numbers'
import { claimDocumentExists, claimExists, insertClaimEventStatement } from '../../db/claims/claim-events'
import { refoldClaimState } from './claim-state'
import { claimUpdateNotices } from '../notifications/claim-update-notices'
import { enqueue } from '../outbox/outbox-queue'
import { messagePostedSchema, type MessagePosted } from '../../../shared/claims/follow-up/message-posted'
import { receiveTeamMessage } from './claim-messages'
import { advanceUpdatedSchema, type AdvanceUpdated } from '../../../shared/claims/advance/advance-updated'
import { receiveAdvanceUpdate } from './claim-advances'
import { advanceExists } from '../../db/claims/claim-advances'
import { log } from '../../lib/log'
import { signedJson, type SignedRequest } from '../request/signed-json'

/**
 * One event from the claims system (POST /hooks/claims-system, decision 167), checked in this order,
 * each refusal changing nothing: the signature and its timestamp (401), the JSON and its shape (400),
 * the claim and, for a document's news, the document (404). Then the event is stored once by its id (a redelivery is a no-op), with the mails the
 * policyholder should get of it (claim-update-mail.ts) queued in the same batch, and the claim's state
 * folded again from all its events, so a late one cannot move it backwards.
 *
 * A card number in the event's data (an adjuster's note, a closing reason: issue 31 item 6) is judged by
 * the shared card-number rule and masked before anything is stored, mailed or folded. The event is never
 * refused for it: it is signed by the carrier, who would deliver it again and again, and the claim's
 * history would stop there; the portal keeps the event, without the number, and logs which fields held one.
 */
export type IntakeAnswer = { status: 200; body: { received: true; duplicate: boolean } } | { status: 400 | 401 | 404; body: { error: string } }

export async function receiveClaimEvent(env: Env, req: SignedRequest): Promise<IntakeAnswer> {
  const body = await signedJson(env.CLAIMS_SYSTEM_WEBHOOK_SECRET, req, 'claims system event')
  if (!('json' in body)) return body
  const json = body.json
  const message = messagePostedSchema.safeParse(json)
  if (message.success) return receiveMessage(env, req, message.data)
  const advance = advanceUpdatedSchema.safeParse(json)
  if (advance.success) return receiveAdvance(env, req, advance.data)
  const parsed = claimEventSchema.safeParse(json)
  if (!parsed.success) {
    log('warn', 'claims system event not understood', { requestId: req.requestId, issues: parsed.error.issues.length })
    return { status: 400, body: { error: 'not a claim event this portal knows' } }
  }
  const event = withoutCardNumbers(parsed.data, req.requestId)
  if (!(await claimExists(env.DB, event.claimNumber))) return { status: 404, body: { error: 'unknown claim' } }
  // A document's news names a file the portal sent (decision 207): the file's row is written before it is
  // ever delivered, so an id the portal does not hold for this claim is a mistake, refused like a claim.
  if (
    (event.type === 'document.received' || event.type === 'document.reviewed') &&
    !(await claimDocumentExists(env.DB, event.claimNumber, event.data.documentId))
  ) {
    return { status: 404, body: { error: 'unknown document' } }
  }
  // The event and the mails it brings in one batch (decision 168): both or neither. A redelivery stores
  // nothing, and its mails' dedupe keys (by event id) are already queued, so it queues nothing either.
  // The texts too, for a reporter who chose them (decision 209): same batch, same dedupe by event id.
  const mails = await claimUpdateNotices(env, event, req.now)
  const [inserted] = await env.DB.batch([
    insertClaimEventStatement(env.DB, {
      claimNumber: event.claimNumber,
      eventId: event.id,
      sequence: event.sequence,
      type: event.type,
      data: event.data,
      occurredAt: event.occurredAt ?? null,
      receivedAt: req.now,
    }),
    ...mails.map((m) => enqueue(env.DB, m)),
  ])
  const stored = (inserted?.meta?.changes ?? 0) > 0
  if (stored) await refoldClaimState(env, event.claimNumber)
  log('info', 'claims system event', {
    requestId: req.requestId,
    claimNumber: event.claimNumber,
    type: event.type,
    sequence: event.sequence,
    duplicate: !stored,
  })
  return { status: 200, body: { received: true, duplicate: !stored } }
}

/**
 * A reply of the claims team (decision 208): kept in the conversation, not among the events that fold the
 * claim's state; its card numbers masked as any event's.
 */
async function receiveMessage(env: Env, req: SignedRequest, posted: MessagePosted): Promise<IntakeAnswer> {
  const { value: data, masked } = maskCardNumbersIn(posted.data)
  if (masked.length > 0)
    log('warn', 'claims system message held a card number: stored masked', { requestId: req.requestId, claimNumber: posted.claimNumber, fields: masked })
  if (!(await claimExists(env.DB, posted.claimNumber))) return { status: 404, body: { error: 'unknown claim' } }
  const stored = await receiveTeamMessage(env, { ...posted, data }, req.now)
  log('info', 'claims system event', {
    requestId: req.requestId,
    claimNumber: posted.claimNumber,
    type: posted.type,
    sequence: posted.sequence,
    duplicate: !stored,
  })
  return { status: 200, body: { received: true, duplicate: !stored } }
}

/** What became of an advance request (decision 211): its status on the request, applied in sequence order. */
async function receiveAdvance(env: Env, req: SignedRequest, event: AdvanceUpdated): Promise<IntakeAnswer> {
  const { value: data } = maskCardNumbersIn(event.data)
  if (!(await advanceExists(env.DB, event.claimNumber, event.data.requestId))) return { status: 404, body: { error: 'unknown advance request' } }
  const changed = await receiveAdvanceUpdate(env, { ...event, data }, req.now)
  log('info', 'claims system event', {
    requestId: req.requestId,
    claimNumber: event.claimNumber,
    type: event.type,
    sequence: event.sequence,
    duplicate: !changed,
  })
  return { status: 200, body: { received: true, duplicate: !changed } }
}

/** The event with every card number in its data masked (PCI DSS 3.3/3.4); the fields that held one are logged, never their text. */
function withoutCardNumbers(event: ClaimEvent, requestId: string): ClaimEvent {
  const { value: data, masked } = maskCardNumbersIn(event.data)
  if (masked.length === 0) return event
  log('warn', 'claims system event held a card number: stored masked', {
    requestId,
    claimNumber: event.claimNumber,
    sequence: event.sequence,
    type: event.type,
    fields: masked,
  })
  return { ...event, data } as ClaimEvent
}
