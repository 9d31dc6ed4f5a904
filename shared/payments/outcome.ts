import { escapeHtml } from '../escape-html'
import { formatAmount } from './amount'
import { pathOf } from '../routes'

/**
 * What a payment's answer says (the text of the 200 or 202 and of the system-message page). The spec
 * gives none of these: they are listed for product review in docs/decisions/113. Plain text; the
 * system-message page adds the receipt link (paymentSuccessHtml).
 */
export type PaymentOutcomeKind = 'approved' | 'declined' | 'insufficient_funds' | 'error'

export const PAYMENT_OUTCOME_TEXT = {
  pending:
    'Your payment is pending: we received it and are confirming it with our payment processor. You will get a receipt by email once it is confirmed. Please do not pay again in the meantime.',
  inFlight: 'A payment for this policy is being processed. Please wait for its confirmation before paying again.',
  authorizationChanged: 'The bank account authorization no longer matches your payment. Please review it and submit your payment again.',
  receiptLink: 'Download your receipt (PDF)',
  /** Added to a refusal on the system-message page (decision 171): nothing was taken, in plain words. */
  nothingCharged: 'Nothing was charged.',
  /** The way back to the form, with the amount, name and address kept (decision 171). */
  tryAgainLink: 'Try another card or account',
  /** The primary action of a refusal shown on the form's own page (decision 222): the typed card or account comes back. */
  tryAnotherCard: 'Try another card',
  tryAnotherAccount: 'Try another account',
} as const

/** 'P' + 10 characters without look-alikes (no 0/O, 1/I/L): read out over the phone without doubt. */
export const CONFIRMATION_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const CONFIRMATION_PATTERN = /^P[2-9A-HJKMNP-Z]{10}$/
/** A confirmation number inside a text (the outcome page's body). */
export const CONFIRMATION_IN_TEXT = /\bP[2-9A-HJKMNP-Z]{10}\b/g

export function paymentApprovedText(f: { amountCents: number; policyId: string; confirmationNumber: string; receiptEmail: string | null }): string {
  const mail = f.receiptEmail ? ` A receipt has been emailed to ${f.receiptEmail}.` : ''
  return `Thank you. Your payment of ${formatAmount(f.amountCents)} on policy ${f.policyId} was approved. Your confirmation number is ${f.confirmationNumber}.${mail}`
}

/**
 * The texts of a refused payment: nothing was charged. Any refusal by the card issuer or bank (a
 * decline, insufficient funds) gives ONE outward reason, so the answers do not help anyone test stolen
 * cards (issue 20 item 2, decision 165); the processor's own reason is kept server-side (the payments
 * row's processor_message, the log). A processing failure (the processor refused the request, or never
 * received it) keeps its own text.
 */
export function paymentRefusedText(outcome: Exclude<PaymentOutcomeKind, 'approved'>, method: 'card' | 'bank', supportPhone: string): string {
  const source = method === 'card' ? 'card' : 'bank account'
  const call = `call us at ${supportPhone}.`
  if (outcome === 'error') return `${ERROR_LEAD}, ${NOT_MADE} Please check the details and try again, or ${call}`
  return `Your payment was declined, ${NOT_MADE} Please use another ${source}, or ${call}`
}

const ERROR_LEAD = 'We could not process your payment'

/** Which refusal a refusal's text is (the island says it again in the page's language). */
export function refusalKindOf(text: string): 'declined' | 'error' {
  return text.startsWith(ERROR_LEAD) ? 'error' : 'declined'
}

/** What every refusal's text says (paymentRefusedText), and so how the form's island knows one from another 202. */
const NOT_MADE = 'and no payment was made.'

/**
 * A 202's text that is a refusal by the processor (decision 222): the form shows it on its own page with
 * 'Try another card' as the primary action, the card typed still in the island's memory; any other 202
 * (nothing due, another payment in flight, the gates) goes to the system-message page.
 */
export function isPaymentRefusedText(text: string): boolean {
  return text.includes(`, ${NOT_MADE} `)
}

/** The address of a receipt's PDF: a /v1 download (the session's policies only), not a page. */
export function receiptPath(confirmationNumber: string): string {
  return `/v1/common/PaymentReceipt/${encodeURIComponent(confirmationNumber)}`
}

/** The success text for the system-message page (sanitized markup): the text, then the receipt link. */
export function paymentSuccessHtml(text: string, confirmationNumber: string | null): string {
  const body = escapeHtml(text)
  if (!confirmationNumber) return body
  return `${body} <a href="${receiptPath(confirmationNumber)}">${PAYMENT_OUTCOME_TEXT.receiptLink}</a>`
}

/** The query of 'Try another card or account': the form opened with it shows what was kept (decision 171). */
export const KEPT_QUERY = 'kept=1'

/**
 * A payment that was not made, for the system-message page (decision 171): the answer's text, that
 * nothing was charged, and the way back to the form (which keeps all but the card number and CVV).
 */
export function paymentRefusedHtml(text: string): string {
  return `${escapeHtml(text)} ${PAYMENT_OUTCOME_TEXT.nothingCharged} <a href="${pathOf('MakePayment')}?${KEPT_QUERY}">${PAYMENT_OUTCOME_TEXT.tryAgainLink}</a>`
}
