/**
 * The claims-system port (ARCHITECTURE section 6, docs/decisions/167): the carrier's claims system
 * (Guidewire-like, /work/shared/design/claims-system.md) receives every claim reported in the portal
 * through the outbox's 'claim-notice' channel. The real HTTP adapter (./http.ts) talks to its API; the
 * local stand-in (/__dev/claims-system, worker/dev/claims-system/stand-in.ts) speaks the same API.
 *
 * Exactly once rests on the claim number: submitClaim() sends it as the idempotency key of every step
 * (the claims system's transaction id header), and reads the system's 'already executed' refusal as
 * "done before": it looks the claim up and answers what it holds. So a delivery retried after a lost
 * answer, or by two drains at once, never files a second claim.
 */
interface ClaimNoticeDocument {
  name: string
  contentType: string
  bytes: number
}

export interface ClaimNotice {
  /** The portal's claim number (HO-2026-000123): the idempotency key towards the claims system. */
  claimNumber: string
  policyId: string
  family: 'homeowners' | 'flood'
  /** yyyy-mm-dd, the policyholder's date. */
  lossDate: string
  /** The cause of loss ('Flood' for flood claims). */
  peril: string
  description: string
  reporter: { name: string; phone: string; relationship: string }
  contactEmail: string
  /** ISO 8601, when the portal took the claim. */
  reportedAt: string
  /** References to the files already stored with the claim (the files themselves travel on their own). */
  documents: ClaimNoticeDocument[]
}

type CarrierClaimStatus = 'draft' | 'open' | 'closed'

export interface SubmittedClaim {
  /** The claims system's own (open) claim number: the one the policyholder is asked for on the phone. */
  carrierClaimNumber: string
  status: CarrierClaimStatus
}

export interface ClaimsSystem {
  /**
   * Files the claim (a draft, then its submission), once per claim number. Throws
   * ClaimsSystemRefusedError when the system refused it (retrying cannot help), and
   * ClaimsSystemUnknownOutcomeError when there is no telling whether it acted (retry: the same key).
   */
  submitClaim(notice: ClaimNotice): Promise<SubmittedClaim>
  /**
   * Adds a reference to a file sent after the claim (issue 19 item 4): once per `documentId` (the same
   * transaction-id rule). The claim must have been filed. Throws as submitClaim does.
   */
  addDocument(claimNumber: string, documentId: string, document: LaterDocument): Promise<void>
  /**
   * Adds the policyholder's message to the claim as a note (issue 32 item 2, decision 208): once per
   * `messageId` (the same transaction-id rule). The claim must have been filed. Throws as submitClaim does.
   */
  addNote(claimNumber: string, messageId: string, note: ClaimNote): Promise<void>
  /**
   * Asks for an advance payment or additional living expenses on the claim (issue 33 item 2, decision
   * 211): once per `requestId` (the same transaction-id rule). The answer comes later as `advance.updated`.
   */
  requestAdvance(claimNumber: string, requestId: string, request: AdvanceRequest): Promise<void>
  /**
   * Tells the claim of the other claim of the same loss on the person's other policy of the property
   * (issue 33 item 4, decision 213): once per pair (the transaction id names both). The claim must have
   * been filed. Throws as submitClaim does.
   */
  relateClaim(claimNumber: string, related: RelatedClaim): Promise<void>
  /**
   * How the policyholder wants the claim paid (issue 33 item 1, decision 210): once per `version` of the
   * choice (the same transaction-id rule); a later version replaces an earlier one. Throws as submitClaim does.
   */
  setPaymentInstruction(claimNumber: string, version: number, instruction: PaymentInstruction): Promise<void>
}

/** An advance (flood) or living-expenses (homeowners) request, as the claims system's payments API takes it. */
export interface AdvanceRequest {
  kind: 'flood-advance' | 'living-expenses'
  amountCents: number
  /** The claim's documents sent with it (each already delivered as a document: its portal id and name). */
  documents: { documentId: string; name: string; contentType: string; bytes: number }[]
  documentKind: string | null
  period: { from: string; to: string } | null
  purpose: string | null
}

/** The other claim of one loss, as the claims system's related-claims API takes it. */
export interface RelatedClaim {
  /** The portal's number of the other claim (its reference in the claims system). */
  reference: string
  /** The claims system's own number of it. */
  claimNumber: string
  policyNumber: string
  lineOfBusiness: 'homeowners' | 'flood'
}

/** A payment instruction as the claims system's payments API takes it: a payout token, never an account number. */
export type PaymentInstruction =
  | { method: 'direct-deposit'; payoutToken: string; bankName: string; last4: string }
  | { method: 'check'; payee: string; address: { address1: string; address2: string; city: string; state: string; zipCode: string } }

/** A note on a claim, as the claims system's notes API takes it. */
export interface ClaimNote {
  subject: string
  body: string
  /** Who wrote it, as the claims team should read it. */
  author: string
}

/** A file sent after the claim: the claims system hears its id (document.received names it) and the request it answers (decision 207). */
export interface LaterDocument extends ClaimNoticeDocument {
  /** The words of the document request it answers; null when it answers none. */
  answers: string | null
}

export type UnknownOutcomeReason = 'timeout' | 'network' | 'http-status' | 'bad-answer'

/** The claims system may or may not have acted: deliver again with the same claim number. `detail` is safe to log. */
export class ClaimsSystemUnknownOutcomeError extends Error {
  override readonly name: string = 'ClaimsSystemUnknownOutcomeError'
  constructor(
    readonly reason: UnknownOutcomeReason,
    readonly detail: string,
    readonly status: number | null = null,
  ) {
    super(`claims system: outcome unknown (${reason}: ${detail})`)
  }
}

/** No answer within the adapter's timeout (or its gateway answered 408/504). */
export class ClaimsSystemTimeoutError extends ClaimsSystemUnknownOutcomeError {
  override readonly name = 'ClaimsSystemTimeoutError'
  constructor(detail: string, status: number | null = null) {
    super('timeout', detail, status)
  }
}

/** The claims system refused the request itself (validation, credentials): sending it again will not help. */
export class ClaimsSystemRefusedError extends Error {
  override readonly name = 'ClaimsSystemRefusedError'
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`claims system: refused (HTTP ${status}: ${detail})`)
  }
}
