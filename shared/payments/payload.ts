import type { PaymentFormValues } from './schemas/payment'
import type { PaymentPayload } from './schemas/payment-payload'
import { withoutSpaces } from './bank'
import { cardDigits } from './card'
import { expirationDate } from './expiry'
import { centsToDollars, parseDollars } from './money'
import { BANK_AUTHORIZATION_VERSION } from './authorization'

const PAYMENT_DESCRIPTIONS = { creditCard: 'Online Payment - Credit Card', check: 'Online Payment - Check' } as const

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

/**
 * The payload of a payment with a saved method (issue 22): the spec's shape with the card, bank and
 * billing fields empty, the saved method's id and, for a bank account, the authorization as shown.
 */
export function buildSavedPaymentPayload(
  saved: { id: string; kind: 'card' | 'bank' },
  amount: string,
  facts: PayloadFacts & { email: string; authorizeDebit: boolean },
): PaymentPayload {
  const cents = parseDollars(amount)
  if (cents === null) throw new Error('buildSavedPaymentPayload: the amount was not validated')
  const type = saved.kind === 'card' ? 'creditCard' : 'check'
  return {
    type,
    policyId: facts.policyId,
    amount: Number(centsToDollars(cents)),
    description: PAYMENT_DESCRIPTIONS[type],
    billingName: '',
    billingAddress: { address1: '', city: '', state: '', zipCode: '' },
    routingNumber: '',
    accountNumber: '',
    checkNumber: '',
    creditCardNumber: '',
    cvv: '',
    expirationDate: '',
    homeownerEmail: facts.emailOnFile ? '' : facts.email.trim(),
    savedMethodId: saved.id,
    ...(saved.kind === 'bank'
      ? { bankAuthorization: { accepted: facts.authorizeDebit, version: BANK_AUTHORIZATION_VERSION, text: facts.authorizationText } }
      : {}),
  }
}

/** Spec 001 section 7: `POST /v1/{family}/MakePayment/{policyId}` (flood policies use the flood route). */
export function makePaymentPath(family: 'flood' | 'homeowners', policyId: string): string {
  return `/v1/${family}/MakePayment/${encodeURIComponent(policyId)}`
}

/**
 * What identifies one payment attempt without the secrets: the payload with the card number, bank
 * account and check number reduced to their length and last four, and without the CVV. The island reuses its
 * Idempotency-Key while this stays the same (a retry after a lost answer, the card number and CVV typed
 * again); phase B stores it as the idempotency request hash, so a retry with the same payment is
 * answered from storage and another payment under the same key is refused, and no hash of a full card
 * or account number is ever stored.
 */
export function paymentRequestFingerprint(p: PaymentPayload): string {
  const masked = (digits: string) => (digits ? `${digits.length}:${digits.slice(-4)}` : '')
  return JSON.stringify([
    p.type,
    p.policyId,
    p.amount,
    p.description,
    p.billingName,
    p.billingAddress.address1,
    p.billingAddress.city,
    p.billingAddress.state,
    p.billingAddress.zipCode,
    p.routingNumber,
    masked(p.accountNumber),
    masked(p.checkNumber),
    masked(p.creditCardNumber),
    p.expirationDate,
    p.homeownerEmail,
    p.bankAuthorization ? [p.bankAuthorization.accepted, p.bankAuthorization.version, p.bankAuthorization.text] : null,
    // Issue 22, only when present (older fingerprints stay as they were).
    ...(p.savedMethodId ? [`saved:${p.savedMethodId}`] : []),
    ...(p.saveMethod ? [[p.saveMethod.consent, p.saveMethod.version, p.saveMethod.nickname]] : []),
  ])
}
