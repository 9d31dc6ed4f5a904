/**
 * The one action an Account Home card offers (issue 21 item 8), first that applies wins:
 * 1. sign: an e-signature is required (the landing rule sends there first anyway);
 * 2. pay: the payment-due box would offer Make a Payment (the amount it shows);
 * 3. claim: the policy has an open claim (the newest);
 * 4. agent: the box says 'Cancelled Policy' or 'Please contact your agent' and the agent has a phone;
 * 5. view: open the policy.
 */
export type NextAction =
  | { kind: 'sign' }
  | { kind: 'pay'; amount: number }
  | { kind: 'claim'; claimNumber: string }
  | { kind: 'agent'; name: string; phone: string }
  | { kind: 'view' }

export interface NextActionFacts {
  eSignatureRequired: boolean
  /** The amount Make a Payment would take, when the box offers it; null otherwise. */
  payable: number | null
  /** The newest open claim's number, if any. */
  openClaim: string | null
  /** The agent, when the box sends the person to them (cancelled, or the 'contact your agent' gate). */
  contactAgent: { name: string; phone: string } | null
}

export function nextAction(f: NextActionFacts): NextAction {
  if (f.eSignatureRequired) return { kind: 'sign' }
  if (f.payable !== null && f.payable > 0) return { kind: 'pay', amount: f.payable }
  if (f.openClaim) return { kind: 'claim', claimNumber: f.openClaim }
  if (f.contactAgent?.phone.trim()) return { kind: 'agent', name: f.contactAgent.name.trim(), phone: f.contactAgent.phone.trim() }
  return { kind: 'view' }
}
