import type { Env } from '../../env'
import { claimEventSchema } from '../../../shared/claims/events'
import { claimExists, insertClaimEventStatement } from '../../db/claims/claim-events'
import { signatureRefusal } from '../../integrations/claims-system/webhook-signature'
import { refoldClaimState } from './claim-state'
import { claimUpdateMessages } from './claim-update-mail'
import { enqueue } from '../outbox/outbox-queue'
import { log } from '../../lib/log'

/**
 * One event from the claims system (POST /hooks/claims-system, decision 167), checked in this order,
 * each refusal changing nothing: the signature and its timestamp (401), the JSON and its shape (400),
 * the claim (404). Then the event is stored once by its id (a redelivery is a no-op), with the mails the
 * policyholder should get of it (claim-update-mail.ts) queued in the same batch, and the claim's state
 * folded again from all its events, so a late one cannot move it backwards.
 */
export type IntakeAnswer = { status: 200; body: { received: true; duplicate: boolean } } | { status: 400 | 401 | 404; body: { error: string } }

export interface IntakeRequest {
  rawBody: string
  timestamp: string | null
  signature: string | null
  requestId: string
  now: number
}

export async function receiveClaimEvent(env: Env, req: IntakeRequest): Promise<IntakeAnswer> {
  const refusal = await signatureRefusal(env.CLAIMS_SYSTEM_WEBHOOK_SECRET, { timestamp: req.timestamp, signature: req.signature }, req.rawBody, req.now)
  if (refusal) {
    log('warn', 'claims system event refused', { requestId: req.requestId, reason: refusal })
    return { status: 401, body: { error: 'invalid signature' } }
  }
  let json: unknown
  try {
    json = JSON.parse(req.rawBody)
  } catch {
    return { status: 400, body: { error: 'the body is not JSON' } }
  }
  const parsed = claimEventSchema.safeParse(json)
  if (!parsed.success) {
    log('warn', 'claims system event not understood', { requestId: req.requestId, issues: parsed.error.issues.length })
    return { status: 400, body: { error: 'not a claim event this portal knows' } }
  }
  const event = parsed.data
  if (!(await claimExists(env.DB, event.claimNumber))) return { status: 404, body: { error: 'unknown claim' } }
  // The event and the mails it brings in one batch (decision 168): both or neither. A redelivery stores
  // nothing, and its mails' dedupe keys (by event id) are already queued, so it queues nothing either.
  const mails = await claimUpdateMessages(env, event, req.now)
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
