/**
 * What /make-payment shows (spec 001 sections 2 and 4, section 6 flags), checked in this order:
 * 1. excess flood: 'Please contact your agent to make a payment:' with the agent's details;
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
  /** The policy's feature flags (spec 000 section 6 "Policy feature flags"). */
  features: Readonly<Record<string, boolean>>
}

const FLAG_DISABLE_FLOOD_PAYMENTS = 'pH.DisableFloodPayments'
const FLAG_DISABLE_FLOOD_PIF_EDIT = 'pH.DisableFloodPIFEdit'
const bypassSplashFlag = (policyId: string): string => `pH.BypassPaymentSplashPage.${policyId}`

export function makePaymentGate(p: GateFacts): MakePaymentGate {
  if (p.isExcessFlood) return { kind: 'contact-agent' }
  if (p.isFlood && p.features[FLAG_DISABLE_FLOOD_PAYMENTS] === true && p.features[bypassSplashFlag(p.policyID)] !== true) {
    return { kind: 'payments-not-supported' }
  }
  if (p.totalDue <= 0) return { kind: 'nothing-due' }
  return { kind: 'form', amountReadOnly: p.isFlood && p.features[FLAG_DISABLE_FLOOD_PIF_EDIT] === true }
}
