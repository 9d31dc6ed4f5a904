/**
 * The payment-processor port (ARCHITECTURE section 6): the real HTTP adapter (./http.ts) talks to the
 * processor's API, which the local sandbox (/__dev/payments, worker/dev/payments.ts) stands in for.
 *
 * Money safety rests on two things the port guarantees (docs/decisions/111):
 * - charge() is idempotent by `reference`: the processor charges a reference at most once and answers a
 *   repeat with the first answer. The portal makes the reference once per payment and stores it
 *   before it calls charge().
 * - When the answer is unknown (no answer in time, the connection dropped, a gateway error) charge()
 *   throws a ProcessorOutcomeUnknownError instead of guessing. The caller must then ask lookup() by
 *   the same reference before anything else: never charge a new reference for the same payment.
 *
 * The request carries the full card or bank details only in memory, on their way to the processor:
 * nothing here logs them or puts them in an error; the results carry brand, last four and the
 * processor's reference only.
 */
export type PaymentMethodDetails =
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvv: string; name: string; zip: string }
  | { kind: 'bank'; routing: string; account: string; checkNumber?: string; name: string }

/** A method stored at the processor (issue 22): charged by its token, which only the processor can resolve. */
interface StoredMethodRef {
  kind: 'token'
  token: string
}

export interface ChargeRequest {
  /** The portal's idempotency reference for this payment (sent as the Idempotency-Key). */
  reference: string
  amountCents: number
  method: PaymentMethodDetails | StoredMethodRef
  policyId: string
}

/**
 * Tokenization (issue 22 item 1): the card or account goes to the processor once and is kept there;
 * the portal keeps the token and what may be shown (brand or bank, last four, expiry). `reference` is
 * the Idempotency-Key: the same reference stores the method once and answers the same token.
 */
interface StoreMethodRequest {
  reference: string
  method: PaymentMethodDetails
}

interface StoredMethod {
  token: string
  kind: 'card' | 'bank'
  /** The card's brand ('Visa'), or the bank's name for an account. */
  brand: string
  last4: string
  /** Cards only. */
  expMonth: number | null
  expYear: number | null
}

export type StoreMethodResult = { outcome: 'stored'; method: StoredMethod } | { outcome: 'refused'; message: string }

/** A bank account's validation before its first web debit (NACHA's account validation rule). */
export type BankValidationResult = { outcome: 'valid' } | { outcome: 'invalid'; message: string }

type ChargeOutcome = 'approved' | 'declined' | 'insufficient_funds' | 'error'

export interface ChargeResult {
  /**
   * approved: charged. declined / insufficient_funds: refused by the card issuer or bank, not charged.
   * error: the processor refused the request (invalid details, credentials, a reused reference with
   * other details), not charged.
   */
  outcome: ChargeOutcome
  /** The processor's own id of the charge (approved, and usually declined). */
  processorRef?: string
  /** The processor's reason, safe to show and log (never card data). */
  message?: string
}

/**
 * A bank account claim money is paid into (issue 33 item 1, decision 210), tokenized by the processor's
 * payouts API: the account number goes there once and the portal keeps the token, the bank's name and
 * the last four. `reference` is the Idempotency-Key: the same reference answers the same token.
 */
interface PayoutAccountRequest {
  reference: string
  routing: string
  account: string
  name: string
}

export type PayoutAccountResult = { outcome: 'stored'; token: string; bankName: string; last4: string } | { outcome: 'refused'; message: string }

export interface PaymentProcessor {
  /** Tokenizes a payout account; throws ProcessorOutcomeUnknownError when the answer is not known (nothing paid). */
  storePayoutAccount(request: PayoutAccountRequest): Promise<PayoutAccountResult>
  /** Charges once per reference; throws ProcessorOutcomeUnknownError when the outcome is not known. */
  charge(request: ChargeRequest): Promise<ChargeResult>
  /** What the processor did with a reference; null when it never received it. Throws when it cannot tell. */
  lookup(reference: string): Promise<ChargeResult | null>
  /** Stores a card or account; throws ProcessorOutcomeUnknownError when the answer is not known (nothing charged). */
  storeMethod(request: StoreMethodRequest): Promise<StoreMethodResult>
  /** Validates a stored bank account (an account check, no money moves). */
  validateBankAccount(token: string): Promise<BankValidationResult>
  /** Forgets a stored method; a token the processor no longer knows is not an error. */
  removeMethod(token: string): Promise<void>
}

export type UnknownOutcomeReason = 'timeout' | 'network' | 'http-status' | 'bad-answer'

/**
 * The processor may or may not have acted on the request. Settle it with lookup(reference), never by
 * charging again under another reference. `detail` is safe to log.
 */
export class ProcessorOutcomeUnknownError extends Error {
  override readonly name: string = 'ProcessorOutcomeUnknownError'
  constructor(
    readonly reason: UnknownOutcomeReason,
    readonly detail: string,
    readonly status: number | null = null,
  ) {
    super(`payment processor: outcome unknown (${reason}: ${detail})`)
  }
}

/** No answer within the adapter's timeout (or the processor's gateway answered 408/504). */
export class ProcessorTimeoutError extends ProcessorOutcomeUnknownError {
  override readonly name = 'ProcessorTimeoutError'
  constructor(detail: string, status: number | null = null) {
    super('timeout', detail, status)
  }
}
