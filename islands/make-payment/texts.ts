import { formatAmount, type AmountRule } from '../../shared/payments/amount'

/** Texts of the payment screen that the spec does not give (listed in docs/decisions/110 for review). */
export const SUBMIT_LABEL = 'Submit Payment'
export const CANCEL_LABEL = 'Cancel'
export const REQUIRED_NOTE = '* marks a required field'
export const PROCESSING = 'Processing your payment. Please wait.'

export function amountHint(rule: AmountRule, readOnly: boolean): string {
  if (rule.kind === 'exact')
    return readOnly
      ? `Flood policies are paid in full. The amount is the total due, ${formatAmount(rule.cents)}.`
      : `Flood policies are paid in full: ${formatAmount(rule.cents)}.`
  if (rule.minCents === rule.maxCents) return `Pay ${formatAmount(rule.minCents)}.`
  return `Pay from ${formatAmount(rule.minCents)} to ${formatAmount(rule.maxCents)}.`
}

export function cvvHint(digits: 3 | 4): string {
  return digits === 4 ? 'The 4 digits on the front of the card.' : 'The 3 digits on the back of the card.'
}

const AGAIN = ' For your security, please enter your card number and CVV again.'

/** Any answer but 200, 202 or the form's messages: nothing is known to have been paid. */
export function unexpectedNotice(supportPhone: string, card: boolean): string {
  return `We're sorry, your payment could not be completed right now. Please try again, or call us at ${supportPhone}.${card ? AGAIN : ''}`
}

/** No answer (network error or the 30 s timeout): the payment may or may not have gone through. */
export function networkNotice(supportPhone: string, card: boolean): string {
  return `We could not reach our payment service, so we cannot confirm your payment. Please check your connection and submit again: the same payment submitted again is not charged twice. If this keeps happening, call us at ${supportPhone}.${card ? AGAIN : ''}`
}
