import type { MortgageeChange, MortgageeEntry } from '../../../shared/policy/changes/mortgagee'
import type { MailingAddressChange, PolicyContact } from '../../../shared/policy/changes/mailing-address'
import type { DeductibleChange } from '../../../shared/policy/changes/deductible'
import type { Deductible } from '../../../shared/policy/schemas/coverages'
import type { BillingNow, BillingPlanChange } from '../../../shared/policy/changes/billing-plan'

/**
 * The policy-changes port (issue 34 item 1, decision 214): the carrier's policy administration system
 * prices a change to a policy (a quote), binds a quote once (by the portal's key) and tells where a
 * change stands. The HTTP adapter (./http.ts) speaks to it at POLICY_ADMIN_URL; locally to the stand-in
 * at /__dev/policy-admin (worker/dev/policy-admin), which rates with a table of stated rules.
 *
 * A further kind of change (the mailing address, the deductible, the billing plan: items 3-5) is one
 * more member of ChangeRequest and, when it changes the policy of record, one more part of PolicyParts.
 */
export type ChangeRequest =
  | { kind: 'mortgagee'; change: MortgageeChange }
  | { kind: 'mailing-address'; change: MailingAddressChange }
  | { kind: 'deductible'; change: DeductibleChange }
  | { kind: 'billing-plan'; change: BillingPlanChange }

export interface QuoteRequest {
  policyId: string
  /** The portal's id of the change: the carrier keeps it as its reference. */
  reference: string
  effectiveDate: string
  request: ChangeRequest
  /** The parts of the policy the change touches, as the portal holds them (the carrier checks it is not stale). */
  asOf: PolicyParts
}

export interface Quote {
  quoteId: string
  /** The premium's change for the rest of the term, in cents (negative: a return). */
  premiumChangeCents: number
  /** Set when the carrier reviews the change before it takes effect: binding it refers it. */
  referral: string | null
}

/** The parts of the policy of record a change may write (the portal stores them from the bind answer). */
export interface PolicyParts {
  mortgagees?: MortgageeEntry[]
  /** The mailing address, email and phone of the policy (decision 215). */
  mailingAddress?: PolicyContact
  /** The coverages' deductibles, and the dwelling limit a percentage is of (decision 216). */
  deductibles?: { deductibles: Deductible[]; dwellingLimitCents: number }
  /** The billing plan, its schedule and what is owed (decision 217). */
  billing?: BillingNow
}

export type ChangeState =
  | { status: 'quoted' }
  | { status: 'bound'; changeId: string; effectiveDate: string; policy: PolicyParts }
  | { status: 'referred'; changeId: string; reason: string }
  | { status: 'declined'; changeId: string; reason: string }

/** The carrier refused the request (4xx): the change cannot be made as asked. */
export class PolicyAdminRefusedError extends Error {
  override name = 'PolicyAdminRefusedError'
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`policy admin refused: ${status} ${detail}`)
  }
}

/** No usable answer (a 5xx, a timeout, an answer of another shape): what happened is unknown; the same key may be sent again. */
export class PolicyAdminUnavailableError extends Error {
  override name = 'PolicyAdminUnavailableError'
  constructor(readonly reason: string) {
    super(`policy admin unavailable: ${reason}`)
  }
}

export interface PolicyAdmin {
  quote(req: QuoteRequest): Promise<Quote>
  /** Binds the quote; the same key answers the same change, however often it is sent. */
  bind(quoteId: string, idempotencyKey: string): Promise<Exclude<ChangeState, { status: 'quoted' }>>
  /** Where the quote's change stands now (a referred one may have been bound or declined since). */
  state(quoteId: string): Promise<ChangeState>
}
