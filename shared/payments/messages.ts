import { formatAmount } from './amount'
import { GENERAL_MSG } from '../forms/general-validators'

/**
 * Every message of spec 001 section 5 "Payment", "Check" and "Card", verbatim, and the payment texts of
 * sections 2, 4 and 8. Texts the spec does not give are grouped at the end and say so.
 */
export const PAYMENT_MSG = {
  // Payment (common)
  amountRequired: 'Payment Amount is required',
  nameRequired: 'Name on Account is required',
  addressRequired: 'Billing Address is required',
  cityRequired: 'Billing City is required',
  stateRequired: 'Billing State is required',
  zipRequired: 'Billing Zip Code is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  // Check
  routingRequired: 'Routing Number is required',
  routingInvalid: 'Please use a valid Routing Number',
  checkNumberRequired: 'Check Number is required',
  accountRequired: 'Account Number is required',
  accountInvalid: 'Please use a valid Account Number',
  // Card
  cardRequired: 'Credit Card Number is required',
  cardInvalid: 'Please enter a valid credit card number',
  expMonthRequired: 'Expiration Month is required',
  expDateRequired: 'Expiration Date is required',
  expired: 'Please use a credit card that has not expired',
  expYearRequired: 'Expiration Year is required',
  cvvRequired: 'CVV is required',
} as const

/** 'Payment Amount is too low, must be at least {amount}' (not flood). */
export function amountTooLow(cents: number): string {
  return `Payment Amount is too low, must be at least ${formatAmount(cents)}`
}

/** 'Payment Amount is too high, must be less than or equal to {amount}' (not flood). */
export function amountTooHigh(cents: number): string {
  return `Payment Amount is too high, must be less than or equal to ${formatAmount(cents)}`
}

/** Flood, too low: the spec's text followed by the support number. */
export function floodAmountTooLow(supportPhone: string): string {
  return `Payments to flood policies must be made in full. For more information, please call ${supportPhone}.`
}

/** 'Payment Amount is too high, must be equal to {amount}' (flood). */
export function floodAmountTooHigh(cents: number): string {
  return `Payment Amount is too high, must be equal to ${formatAmount(cents)}`
}

/** 'We do not currently support {TYPE} as a payment option.' */
export function cardTypeUnsupported(typeName: string): string {
  return `We do not currently support ${typeName} as a payment option.`
}

/** CVV: 'Please enter {n} digits' (4 for Amex, 3 otherwise). */
export function cvvDigits(n: number): string {
  return `Please enter ${n} digits`
}

/** Spec 000 section 5 "General validators" wording, for the length caps the payment spec leaves open. */
export const maxLength = GENERAL_MSG.maxLength

/** Spec 001 section 4. */
const PAID_IN_FULL = 'Your policy is paid in full.'

/** Page texts of spec 001 sections 2, 4 and 8, verbatim. */
export const MAKE_PAYMENT_TEXT = {
  contactAgent: 'Please contact your agent to make a payment:',
  sorry: "We're Sorry",
  notSupported: 'Online payments are not supported at this time.',
  callSupport: 'Please call our support team to process your payment.',
  nothingDue: 'No payment is due at this time.',
  paidInFull: PAID_IN_FULL,
} as const

/** Texts the spec does not give (listed for product review in docs/decisions/110). */
export const PAYMENT_MSG_EXTRA = {
  amountInvalid: 'Please enter a valid Payment Amount',
  zipInvalid: 'Please enter a valid Billing Zip Code',
  checkNumberInvalid: 'Please use a valid Check Number',
  authorizationRequired: 'Please check the box to authorize this payment from your bank account.',
} as const

/**
 * The page's texts without script (worker/pages/payments), which the spec does not give either (decision
 * 110). Apart from PAYMENT_MSG_EXTRA, which the island's schema uses, so that its chunk does not carry them.
 */
export const PAYMENT_NO_SCRIPT_TEXT = {
  /** The payment form needs JavaScript (card data goes only to MakePayment); said before and after a submit without it. */
  needsScript: 'To pay online, please turn on JavaScript in your browser, or call our support team to process your payment.',
  notSent: 'Your payment was not sent.',
} as const
