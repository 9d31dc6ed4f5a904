import type { ClaimOutboxMessage, NumberPlaceholder } from '../../db/claims/claim-records'
import { claimFileReferences, claimForNotice, recordDelivery, type ClaimForNotice, type ClaimFileReference } from '../../db/claims/claim-events'
import {
  claimsSystem,
  ClaimsSystemRefusedError,
  ClaimsSystemUnknownOutcomeError,
  type ClaimNotice,
  type ClaimsSystemDeps,
} from '../../integrations/claims-system'
import { handler, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox-delivery'
import { refoldClaimState } from './claim-state'
import { log } from '../../lib/log'

/**
 * Every reported claim goes to the carrier's claims system through the outbox's 'claim-notice' channel
 * (decision 167): queued in the claim's own D1 batch (claim-report.ts), payload {claimNumber}, dedupe
 * key `claim-notice:{claimNumber}`. The handler reads the claim as stored and files it with the claim
 * number as its idempotency key, so a retry (a failed or lost answer, a lease taken over) never files
 * it twice; the answer's carrier claim number is stored on the claim, which becomes 'Received'.
 * Unknown outcomes are failed deliveries (the outbox retries with its backoff); a refusal is dead at once.
 */
interface ClaimNoticePayload {
  claimNumber: string
}

const claimNoticeDedupeKey = (claimNumber: string) => `claim-notice:${claimNumber}`

/**
 * The message that queues a claim's delivery, written in the claim's own batch: the batch takes the
 * claim's number and puts it where the placeholder stands (worker/db/claims/claim-records.ts).
 */
export function claimNoticeMessage(placeholder: NumberPlaceholder, at: number): ClaimOutboxMessage {
  const payload: ClaimNoticePayload = { claimNumber: placeholder.token }
  return { channel: 'claim-notice', dedupeKey: claimNoticeDedupeKey(placeholder.token), payload: JSON.stringify(payload), at }
}

/** The channel's handler; `deps` point the adapter elsewhere (tests). */
export function claimNoticeHandler(deps: ClaimsSystemDeps = {}): OutboxHandler {
  return handler<ClaimNoticePayload>(async (env, p, meta) => {
    const claim = typeof p?.claimNumber === 'string' ? await claimForNotice(env.DB, p.claimNumber) : null
    if (!claim) throw new PermanentDeliveryError('no such claim')
    if (claim.sent_at !== null) return // answered before: never filed twice
    const context = { claimNumber: claim.claim_number, policyId: claim.policy_id, attempt: meta.attempt }
    let answer: { carrierClaimNumber: string }
    const files = await claimFileReferences(env.DB, claim.claim_number)
    try {
      answer = await claimsSystem(env, deps).submitClaim(noticeOf(claim, files))
    } catch (err) {
      if (err instanceof ClaimsSystemRefusedError) {
        log('error', 'claims system refused a claim', { ...context, status: err.status, detail: err.detail })
        throw new PermanentDeliveryError(`refused: HTTP ${err.status} ${err.detail}`)
      }
      if (err instanceof ClaimsSystemUnknownOutcomeError) throw new Error(`claims system outcome unknown: ${err.reason} ${err.detail}`)
      throw err
    }
    await recordDelivery(
      env.DB,
      claim.claim_number,
      answer.carrierClaimNumber,
      meta.now,
      files.map((f) => f.position),
    )
    await refoldClaimState(env, claim.claim_number)
    log('info', 'claim delivered to the claims system', { ...context, carrierClaimNumber: answer.carrierClaimNumber })
  })
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** What the claims system is told: the claim as the portal stored it, and references to its files. */
function noticeOf(claim: ClaimForNotice, files: readonly ClaimFileReference[]): ClaimNotice {
  const s = JSON.parse(claim.submission) as Record<string, unknown>
  return {
    claimNumber: claim.claim_number,
    policyId: claim.policy_id,
    family: claim.family,
    lossDate: claim.loss_date,
    peril: claim.peril,
    description: str(s.lossDescription),
    reporter: {
      name: str(s.claimReportedByName) || `${str(s.firstName)} ${str(s.lastName)}`.trim(),
      phone: str(s.claimReportedByPhone),
      relationship: str(s.claimReportedByRelationship) || 'Self',
    },
    contactEmail: str(s.emailAddress),
    reportedAt: new Date(claim.created_at).toISOString(),
    documents: files.map((f) => ({ name: f.file_name, contentType: f.content_type, bytes: f.size_bytes })),
  }
}
