/**
 * The vendor-network port (issue 19 item 6, docs/decisions/170): the insurer's National Vendor network
 * sends an emergency-repair company (water mitigation, board-up, roof tarping...) to a loss the
 * policyholder asked help for. The real HTTP adapter (./http.ts) talks to its API; the local stand-in
 * (/__dev/vendors, worker/dev/vendors.ts) speaks the same API.
 *
 * Exactly once rests on the idempotency key, one per claim: a dispatch sent again with the same key
 * (a lost answer, a retry, two drains at once) is the same dispatch, and answers its current state.
 */
export interface VendorDispatchRequest {
  /** The portal's claim number: the dispatch's idempotency key is made of it (dispatchKey). */
  claimNumber: string
  policyId: string
  /** The services asked for (spec 001's National Vendor checklist labels). */
  services: string[]
  lossAddress: { street: string; city: string; state: string; zipCode: string }
  contact: { name: string; phone: string; email: string }
  description: string
}

interface VendorAcceptance {
  company: string
  phone: string
  /** ISO 8601 instant the vendor expects to be on site. */
  expectedArrival: string
}

/** Accepted by a vendor, or sent and waiting for one (ask again later with the same key). */
export type DispatchOutcome = { accepted: VendorAcceptance } | 'pending'

export interface VendorNetwork {
  /**
   * Sends the dispatch, once per claim. Throws VendorRefusedError when the network refused it
   * (retrying cannot help), VendorUnknownOutcomeError when there is no telling whether it acted.
   */
  dispatch(request: VendorDispatchRequest): Promise<DispatchOutcome>
}

/** The idempotency key of a claim's dispatch. */
export const dispatchKey = (claimNumber: string) => `portal:${claimNumber}:vendor-dispatch`

export type VendorUnknownReason = 'timeout' | 'network' | 'http-status' | 'bad-answer'

/** The network may or may not have acted: send again with the same key. `detail` is safe to log. */
export class VendorUnknownOutcomeError extends Error {
  override readonly name: string = 'VendorUnknownOutcomeError'
  constructor(
    readonly reason: VendorUnknownReason,
    readonly detail: string,
    readonly status: number | null = null,
  ) {
    super(`vendor network: outcome unknown (${reason}: ${detail})`)
  }
}

/** No answer within the adapter's timeout (or its gateway answered 408/504). */
export class VendorTimeoutError extends VendorUnknownOutcomeError {
  override readonly name = 'VendorTimeoutError'
  constructor(detail: string, status: number | null = null) {
    super('timeout', detail, status)
  }
}

/** The network refused the dispatch itself (validation, credentials): sending it again will not help. */
export class VendorRefusedError extends Error {
  override readonly name = 'VendorRefusedError'
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`vendor network: refused (HTTP ${status}: ${detail})`)
  }
}
