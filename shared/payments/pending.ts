import { formatAmount } from './amount'

/**
 * A payment whose outcome is not known yet (docs/decisions/162, 171): the processor timed out, or the
 * request died before it settled. It stays pending until the outbox's payment-settle channel asks the
 * processor by reference; meanwhile every place a person looks says so, and the form stays closed.
 */
export interface PendingPayment {
  paymentId: string
  amountCents: number
  /** Epoch milliseconds of the attempt. */
  createdAt: number
}

/**
 * The reference a person quotes (to us, on the phone): 'PAY-' and the last 8 characters of the payment
 * id, in capitals, so it reads out without doubt; support finds the payment by it with the policy.
 */
export function paymentReference(paymentId: string): string {
  return `PAY-${paymentId.slice(-8).toUpperCase()}`
}

/** A payment reference inside a text (the outcome page's body). */
export const REFERENCE_IN_TEXT = /\bPAY-[0-9A-Z]{8}\b/g

/** The outcome page's body (under the spec's error heading): being processed, do not pay again. */
export function pendingOutcomeText(p: { amountCents: number; policyId: string; paymentId: string }): string {
  return (
    `Your payment of ${formatAmount(p.amountCents)} on policy ${p.policyId} is being processed: we are confirming it with our payment processor. ` +
    `Please do not make this payment again. Your payment reference is ${paymentReference(p.paymentId)}. ` +
    'You will get a receipt by email once it is confirmed; if it does not go through, we will tell you and the amount will be due again.'
  )
}

/** The payment-due box's words while a payment is pending. */
export function paymentProcessingText(amountCents: number): string {
  return `A payment of ${formatAmount(amountCents)} is being processed.`
}

/** Why Make a Payment does not open while a payment on the policy is pending. */
export function paymentFormClosedText(p: PendingPayment): string {
  return (
    `${paymentProcessingText(p.amountCents)} Its reference is ${paymentReference(p.paymentId)}. ` +
    'The payment form opens again once it is confirmed, so that it is not paid twice.'
  )
}

/** Payment History's description of the pending row. */
export function pendingHistoryDescription(p: PendingPayment): string {
  return `Pending: being processed (reference ${paymentReference(p.paymentId)})`
}
