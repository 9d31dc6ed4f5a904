import { z } from 'zod'
import { abaRoutingValid, isAccountNumber, isRoutingNumber, withoutSpaces } from '../bank'
import { cardDigits, cardTypeOf, cvvLength, isCardNumberPattern } from '../card'
import { PAYMENT_MSG } from '../messages'
import { nicknameProblem, SAVE_CONSENT_VERSION, SAVED_METHOD_ID } from '../saved-methods'

/**
 * Saved payment methods (issue 22 item 1): `POST /v1/profile/PaymentMethods` adds a card or bank
 * account (its numbers go to the processor, never to a table); rename and set-default change what the
 * profile shows. The card and bank messages are the payment form's own.
 */
const nickname = z
  .string()
  .max(60)
  .default('')
  .superRefine((v, ctx) => {
    const problem = nicknameProblem(v)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

const consent = z.object({ accepted: z.literal(true, { error: 'Please agree to save this payment method.' }), version: z.literal(SAVE_CONSENT_VERSION) })

export const addSavedMethodSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    cardNumber: z
      .string()
      .max(40)
      .refine((v) => isCardNumberPattern(cardDigits(v)), PAYMENT_MSG.cardInvalid),
    expMonth: z.coerce.number().int().min(1, PAYMENT_MSG.expMonthRequired).max(12, PAYMENT_MSG.expMonthRequired),
    expYear: z.coerce.number().int().min(2000, PAYMENT_MSG.expYearRequired).max(2200, PAYMENT_MSG.expYearRequired),
    cvv: z.string().max(4),
    billingName: z.string().trim().min(1, PAYMENT_MSG.nameRequired).max(50),
    zipCode: z.string().trim().max(10).default(''),
    nickname,
    consent,
  }),
  z.object({
    kind: z.literal('bank'),
    routingNumber: z
      .string()
      .max(40)
      .refine((v) => isRoutingNumber(withoutSpaces(v)) && abaRoutingValid(withoutSpaces(v)), PAYMENT_MSG.routingInvalid),
    accountNumber: z
      .string()
      .max(40)
      .refine((v) => isAccountNumber(withoutSpaces(v)), PAYMENT_MSG.accountInvalid),
    billingName: z.string().trim().min(1, PAYMENT_MSG.nameRequired).max(50),
    nickname,
    consent,
  }),
])
export type AddSavedMethod = z.infer<typeof addSavedMethodSchema>

/** The CVV's length for the card's type (checked once the number is known). */
export function cvvValid(cardNumber: string, cvv: string): boolean {
  return new RegExp(`^\\d{${cvvLength(cardTypeOf(cardDigits(cardNumber)))}}$`).test(cvv.trim())
}

export const methodIdParam = z.object({ methodId: z.string().regex(SAVED_METHOD_ID, 'must be a saved payment method') })

export const changeSavedMethodSchema = z
  .object({ nickname: nickname.optional(), isDefault: z.literal(true).optional() })
  .refine((v) => v.nickname !== undefined || v.isDefault !== undefined, 'Send a nickname or isDefault.')

/** The profile page's forms (no script): rename, make default, remove. */
export const methodFormSchema = z.object({
  methodId: z.string().regex(SAVED_METHOD_ID, 'must be a saved payment method'),
  action: z.enum(['rename', 'default', 'remove']),
  nickname: nickname.optional(),
})
