import type { PaymentFormValues, PaymentPayload } from '../schemas/payment'
import { withoutSpaces } from './bank'
import { cardDigits } from './card'
import { expirationDate } from './expiry'
import { centsToDollars, parseDollars } from './money'
import { BANK_AUTHORIZATION_VERSION } from './authorization'

export const PAYMENT_DESCRIPTIONS = { creditCard: 'Online Payment - Credit Card', check: 'Online Payment - Check' } as const

export interface PayloadFacts {
  policyId: string
  emailOnFile: boolean
  /** The authorization text shown beside the checkbox (check payments). */
  authorizationText: string
}

/**
 * Spec 001 section 3 "Payment payload" from values that passed paymentSchema(): the amount as dollars
 * (a number with at most two decimals), the card number without spaces, expirationDate MM/01/YYYY,
 * and only the chosen method's fields (the others empty). The email goes only when none is on file.
 */
export function buildPaymentPayload(values: PaymentFormValues, facts: PayloadFacts): PaymentPayload {
  const cents = parseDollars(values.amount)
  if (cents === null) throw new Error('buildPaymentPayload: the amount was not validated')
  const card = values.type === 'creditCard'
  return {
    type: values.type,
    policyId: facts.policyId,
    amount: Number(centsToDollars(cents)),
    description: PAYMENT_DESCRIPTIONS[values.type],
    billingName: values.billingName.trim(),
    billingAddress: {
      address1: values.billingAddress.trim(),
      city: values.billingCity.trim(),
      state: values.billingState.trim(),
      zipCode: values.billingZip.trim(),
    },
    routingNumber: card ? '' : withoutSpaces(values.routingNumber),
    accountNumber: card ? '' : withoutSpaces(values.accountNumber),
    checkNumber: card ? '' : withoutSpaces(values.checkNumber),
    creditCardNumber: card ? cardDigits(values.cardNumber) : '',
    cvv: card ? values.cvv.trim() : '',
    expirationDate: card ? expirationDate(values.expMonth, values.expYear) : '',
    homeownerEmail: facts.emailOnFile ? '' : values.email.trim(),
    ...(card ? {} : { bankAuthorization: { accepted: values.authorizeDebit, version: BANK_AUTHORIZATION_VERSION, text: facts.authorizationText } }),
  }
}
