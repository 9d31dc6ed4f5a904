import * as z from 'zod/mini'
import { POLICY_NUMBER } from '../../policy/policy-number'
import { parseExpirationDate } from '../expiry'
import { PAYMENT_TYPES, type PaymentFormValues } from './payment'
import { SAVED_METHOD_ID } from '../saved-methods'

// What the server reads off the wire. The island builds a payload (shared/payments/payload.ts) and never
// parses one: kept out of ./payment, this schema stays out of the island chunks, and zod's default()
// out of the zod chunk every island page loads (decision 163).

const text = (max: number) => z.string().check(z.maxLength(max))
/** A field of the other method (or one the payer may leave empty): may be left out, and reads as ''. */
const optionalText = (max: number) => z._default(text(max), '')

/**
 * Spec 001 section 3 "Payment payload", the body of `POST /v1/{family}/MakePayment/{policyId}`:
 * its shape only. Its content is checked with paymentSchema() after valuesFromPayload(). One field is
 * added: `bankAuthorization`, the NACHA WEB authorization the payer accepted for a check payment
 * (docs/decisions/110). A card payment may leave out the check's fields and a check the card's (issue 18).
 */
export const paymentPayloadSchema = z.object({
  type: z.enum(PAYMENT_TYPES),
  policyId: z.string().check(z.regex(POLICY_NUMBER, 'must be a policy number')),
  /** Dollars with at most two decimals (a JSON number, or a string). */
  amount: z.union([z.number(), text(20)]),
  description: optionalText(100),
  billingName: text(200),
  billingAddress: z.object({ address1: text(200), city: text(200), state: text(20), zipCode: text(20) }),
  routingNumber: optionalText(40),
  accountNumber: optionalText(40),
  checkNumber: optionalText(40),
  /** Digits only (spec: spaces removed). */
  creditCardNumber: optionalText(40),
  cvv: optionalText(10),
  /** MM/01/YYYY for a card; empty for a check. */
  expirationDate: optionalText(10),
  /** The email typed when none is on file; empty otherwise. */
  homeownerEmail: optionalText(200),
  bankAuthorization: z.optional(z.object({ accepted: z.boolean(), version: text(60), text: text(2000) })),
  /** Pay with a saved method of the profile (issue 22): its id; the card or bank fields stay empty. */
  savedMethodId: z.optional(z.string().check(z.regex(SAVED_METHOD_ID, 'must be a saved payment method'))),
  /** 'Save this card/account for later' with the consent shown (issue 22): kept once the payment is approved. */
  saveMethod: z.optional(z.object({ consent: z.boolean(), version: text(60), nickname: text(60) })),
})
export type PaymentPayload = z.infer<typeof paymentPayloadSchema>

/** The payload read back as the screen's values, so the server runs paymentSchema() on it. */
export function valuesFromPayload(p: PaymentPayload): PaymentFormValues {
  const expiry = parseExpirationDate(p.expirationDate) ?? { month: '', year: '' }
  return {
    type: p.type,
    amount: typeof p.amount === 'number' ? String(p.amount) : p.amount,
    billingName: p.billingName,
    billingAddress: p.billingAddress.address1,
    billingCity: p.billingAddress.city,
    billingState: p.billingAddress.state,
    billingZip: p.billingAddress.zipCode,
    email: p.homeownerEmail,
    cardNumber: p.creditCardNumber,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvv: p.cvv,
    routingNumber: p.routingNumber,
    checkNumber: p.checkNumber,
    accountNumber: p.accountNumber,
    authorizeDebit: p.bankAuthorization?.accepted === true,
  }
}
