import { formatPhone } from '../format'
import { localDateTimeText } from '../clock'
import { formatAmount } from './amount'

/**
 * What a payment receipt says (the PDF to download and the email sent through the outbox). The card or
 * account appears only as brand and last four; the date is the policyholder's (the policy state's
 * time zone).
 */
export type ReceiptMethod = { kind: 'card'; brand: string; last4: string } | { kind: 'bank'; last4: string; checkNumber?: string }

export interface PaymentReceipt {
  confirmationNumber: string
  policyId: string
  /** The policy's two-letter state: its time zone dates the receipt. */
  state: string
  /** The name on the account, as typed; '' for a saved method, which keeps none (the line is left out). */
  payerName: string
  amountCents: number
  method: ReceiptMethod
  /** When the processor approved it (epoch ms). */
  paidAt: number
  /** A bank payment's NACHA WEB authorization, exactly as the payer accepted it. */
  authorizationText?: string
  supportPhone: string
}

export const RECEIPT_TITLE = 'Payment Receipt'
export const RECEIPT_THANKS = 'Thank you for your payment.'

export function methodLabel(m: ReceiptMethod): string {
  if (m.kind === 'card') return `${m.brand} ending in ${m.last4}`
  return `Bank account ending in ${m.last4}${m.checkNumber ? ` (check ${m.checkNumber})` : ''}`
}

/** '11/15/2026 3:04 PM EST' in the policy state's time zone. */
export function receiptDateTime(at: number, state: string): string {
  return localDateTimeText(at, state, true)
}

/** The receipt's facts, in the order both the PDF and the email show them. */
export function receiptFacts(r: PaymentReceipt): Array<[string, string]> {
  return [
    ['Confirmation number', r.confirmationNumber],
    ['Policy', r.policyId],
    ['Amount paid', formatAmount(r.amountCents)],
    ['Payment method', methodLabel(r.method)],
    ...(r.payerName.trim() ? [['Name on account', r.payerName] as [string, string]] : []),
    ['Date', receiptDateTime(r.paidAt, r.state)],
  ]
}

export function receiptFileName(confirmationNumber: string): string {
  return `ProgHome Payment Receipt ${confirmationNumber}.pdf`
}

export function receiptQuestions(supportPhone: string): string {
  return `Questions about this payment? Call us at ${formatPhone(supportPhone)}.`
}
