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

/** '11/15/2026 3:04 PM EST' in the policy state's time zone. */
export function receiptDateTime(at: number, state: string): string {
  return localDateTimeText(at, state, true)
}

/** The receipt's words in one language (issue 36; Spanish in shared/payments/texts/receipt.ts). */
export interface ReceiptWords {
  title: string
  thanks: string
  confirmation: string
  policy: string
  amountPaid: string
  method: string
  nameOnAccount: string
  date: string
  card: (brand: string, last4: string) => string
  bank: (last4: string, checkNumber: string | undefined) => string
  questions: (phone: string) => string
  dateTime: (at: number, state: string) => string
}

export const RECEIPT_WORDS_EN: ReceiptWords = {
  title: 'Payment Receipt',
  thanks: 'Thank you for your payment.',
  confirmation: 'Confirmation number',
  policy: 'Policy',
  amountPaid: 'Amount paid',
  method: 'Payment method',
  nameOnAccount: 'Name on account',
  date: 'Date',
  card: (brand, last4) => `${brand} ending in ${last4}`,
  bank: (last4, checkNumber) => `Bank account ending in ${last4}${checkNumber ? ` (check ${checkNumber})` : ''}`,
  questions: (phone) => `Questions about this payment? Call us at ${phone}.`,
  dateTime: (at, state) => receiptDateTime(at, state),
}

export function methodLabel(m: ReceiptMethod, w: ReceiptWords = RECEIPT_WORDS_EN): string {
  return m.kind === 'card' ? w.card(m.brand, m.last4) : w.bank(m.last4, m.checkNumber)
}

/** The receipt's facts, in the order both the PDF and the email show them. */
export function receiptFacts(r: PaymentReceipt, w: ReceiptWords = RECEIPT_WORDS_EN): Array<[string, string]> {
  return [
    [w.confirmation, r.confirmationNumber],
    [w.policy, r.policyId],
    [w.amountPaid, formatAmount(r.amountCents)],
    [w.method, methodLabel(r.method, w)],
    ...(r.payerName.trim() ? [[w.nameOnAccount, r.payerName] as [string, string]] : []),
    [w.date, w.dateTime(r.paidAt, r.state)],
  ]
}

export function receiptFileName(confirmationNumber: string): string {
  return `ProgHome Payment Receipt ${confirmationNumber}.pdf`
}

export function receiptQuestions(supportPhone: string, w: ReceiptWords = RECEIPT_WORDS_EN): string {
  return w.questions(formatPhone(supportPhone))
}
