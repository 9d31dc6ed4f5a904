import { mayMakePayment, type PermissionFacts } from '../policy/permissions'

/**
 * What /make-payment shows (spec 001 sections 2 and 4, section 6 flags), checked in this order:
 * 1. excess flood, or more terms due than are paid online (the payment-due box's rule 1, which says
 *    'Please contact your agent to make a payment.'): 'Please contact your agent to make a payment:'
 *    with the agent's details;
 * 2. flood with pH.DisableFloodPayments and without pH.BypassPaymentSplashPage.{policyId}: the
 *    'We're Sorry' splash with the support line;
 * 3. total due 0 (or a credit): 'No payment is due at this time.';
 * 4. the form; on a flood policy with pH.DisableFloodPIFEdit the amount is the total due, read-only.
 * Whether the user may pay at all (not cancelled, not previously cancelled) is the route guard's rule.
 */
export type MakePaymentGate =
  | { kind: 'contact-agent' }
  | { kind: 'payments-not-supported' }
  | { kind: 'nothing-due' }
  | { kind: 'form'; amountReadOnly: boolean }

export interface GateFacts {
  policyID: string
  isFlood: boolean
  isExcessFlood: boolean
  totalDue: number
  numberOfTermsDue: number
  /** The policy's feature flags (spec 000 section 6 "Policy feature flags"). */
  features: Readonly<Record<string, boolean>>
}

/** Spec 001 payment-due rule 1: more than 1 term due (non-flood) or more than 0 (flood) is the agent's to collect. */
export function tooManyTermsDue(p: Pick<GateFacts, 'isFlood' | 'numberOfTermsDue'>): boolean {
  return p.isFlood ? p.numberOfTermsDue > 0 : p.numberOfTermsDue > 1
}

const FLAG_DISABLE_FLOOD_PAYMENTS = 'pH.DisableFloodPayments'
const FLAG_DISABLE_FLOOD_PIF_EDIT = 'pH.DisableFloodPIFEdit'
const bypassSplashFlag = (policyId: string): string => `pH.BypassPaymentSplashPage.${policyId}`

export function makePaymentGate(p: GateFacts): MakePaymentGate {
  if (p.isExcessFlood || tooManyTermsDue(p)) return { kind: 'contact-agent' }
  if (p.isFlood && p.features[FLAG_DISABLE_FLOOD_PAYMENTS] === true && p.features[bypassSplashFlag(p.policyID)] !== true) {
    return { kind: 'payments-not-supported' }
  }
  if (p.totalDue <= 0) return { kind: 'nothing-due' }
  return { kind: 'form', amountReadOnly: p.isFlood && p.features[FLAG_DISABLE_FLOOD_PIF_EDIT] === true }
}

/**
 * The one rule of whether a policy can be paid online now (issue 35, decision 222): the route lets the
 * user pay (not cancelled, not previously cancelled) and Make a Payment would show its form. Every place
 * that offers to pay (the payment-due box's button, Account Home's 'Pay', Report a Claim's box, the card's
 * redirect) reads this, so none offers a payment the form would then refuse.
 */
export function canPayOnline(p: GateFacts & PermissionFacts): boolean {
  return mayMakePayment(p) && makePaymentGate(p).kind === 'form'
}
