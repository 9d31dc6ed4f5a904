import type { Env } from '../../env'
import { maskedCheckNumber, withoutSpaces } from '../../../shared/payments/bank'
import { CARD_TYPE_NAMES, cardTypeOf } from '../../../shared/payments/card'
import { parseExpirationDate } from '../../../shared/payments/expiry'
import { paymentFieldErrors, paymentSchema, savedPaymentSchema, type PaymentContext, type PaymentFieldErrors } from '../../../shared/payments/schemas/payment'
import { valuesFromPayload, type PaymentPayload } from '../../../shared/payments/schemas/payment-payload'
import type { ChargeRequest, PaymentMethodDetails } from '../../integrations/payments'
import { findSavedMethod } from '../../db/payments/saved-methods'
import type { PaymentDeps } from './payment-deps'
import { validatedForDebit } from './saved-methods'
import { savedMethodProblem } from '../../../shared/payments/saved-methods'

/**
 * What a payment is paid with: the card or account typed in the form (checked by the spec's schema), or
 * a saved method of the payer's profile (issue 22: the amount and email checked; a bank account
 * validated before its first debit). Only the typed details carry numbers, in memory, for the processor.
 */
export interface ChosenMethod {
  charge: ChargeRequest['method']
  /** The typed details, when the payer asked to save them once paid. */
  typed: PaymentMethodDetails | null
  kind: 'card' | 'bank'
  brand: string
  last4: string
  checkNumber: string | null
  payerName: string
  savedMethodId: string | null
}

export type Refusal = { status: 400; errorMessage: string; errors: PaymentFieldErrors } | { status: 202; text: string }

const SAVED_METHOD_MISSING = 'The saved payment method was not found. Please choose another one.'
const SAVED_BANK_NOT_VERIFIED = 'Your bank could not confirm this account, so nothing was charged. Please pay with another card or account.'
const SAVED_BANK_UNCHECKED = 'We could not verify this bank account just now, so nothing was charged. Please try again in a few minutes.'

const invalid = (errors: PaymentFieldErrors): Refusal => ({ status: 400, errorMessage: Object.values(errors)[0] ?? 'Invalid request.', errors })

export async function chooseMethod(
  env: Env,
  deps: PaymentDeps,
  payload: PaymentPayload,
  ctx: PaymentContext,
  profileId: string | null,
): Promise<ChosenMethod | Refusal> {
  if (!payload.savedMethodId) {
    const checked = paymentSchema(ctx).safeParse(valuesFromPayload(payload))
    if (!checked.success) return invalid(paymentFieldErrors(checked.error))
    const method = methodDetails(payload)
    return {
      charge: method,
      typed: method,
      kind: method.kind,
      brand: method.kind === 'card' ? CARD_TYPE_NAMES[cardTypeOf(method.number)] : 'ACH',
      last4: (method.kind === 'card' ? method.number : method.account).slice(-4),
      checkNumber: method.kind === 'bank' && method.checkNumber ? maskedCheckNumber(method.checkNumber) : null,
      payerName: method.name,
      savedMethodId: null,
    }
  }
  const values = valuesFromPayload(payload)
  const checked = savedPaymentSchema(ctx).safeParse({ amount: values.amount, email: values.email })
  if (!checked.success) return invalid(paymentFieldErrors(checked.error))
  const row = profileId ? await findSavedMethod(env.DB, profileId, payload.savedMethodId) : null
  if (!row || (row.kind === 'card') !== (payload.type === 'creditCard')) return invalid({ type: SAVED_METHOD_MISSING })
  const problem = savedMethodProblem({ kind: row.kind, brand: row.brand, expMonth: row.exp_month, expYear: row.exp_year }, ctx.isFlood, ctx.today)
  if (problem) return invalid({ type: problem })
  const validation = await validatedForDebit(env, deps.processor, row, deps.now())
  if (validation !== 'valid') return { status: 202, text: validation === 'invalid' ? SAVED_BANK_NOT_VERIFIED : SAVED_BANK_UNCHECKED }
  return {
    charge: { kind: 'token', token: row.token },
    typed: null,
    kind: row.kind,
    brand: row.kind === 'card' ? row.brand : 'ACH',
    last4: row.last4,
    checkNumber: null,
    // A saved method keeps no holder's name, and its nickname is not one (issue 35): the receipt leaves the line out.
    payerName: '',
    savedMethodId: row.method_id,
  }
}

/** The payload's method as the processor needs it (validated: digits only, expiry MM/01/YYYY). */
function methodDetails(p: PaymentPayload): PaymentMethodDetails {
  const name = p.billingName.trim()
  if (p.type === 'check') {
    return { kind: 'bank', routing: withoutSpaces(p.routingNumber), account: withoutSpaces(p.accountNumber), checkNumber: withoutSpaces(p.checkNumber), name }
  }
  const expiry = parseExpirationDate(p.expirationDate)!
  return {
    kind: 'card',
    number: p.creditCardNumber.replace(/\D/g, ''),
    expMonth: Number(expiry.month),
    expYear: Number(expiry.year),
    cvv: p.cvv.trim(),
    name,
    zip: p.billingAddress.zipCode.trim(),
  }
}
