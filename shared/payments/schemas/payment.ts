import * as z from 'zod/mini'
import { ZIP_PATTERN } from '../../format'
import { US_STATES } from '../../us-states'
import { EMAIL_PATTERN } from '../../forms/general-validators'
import { amountProblem, amountRule, type AmountProblem } from '../amount'
import { abaRoutingValid, withoutSpaces, isAccountNumber, isRoutingNumber, CHECK_NUMBER_MAX } from '../bank'
import { CARD_TYPE_NAMES, cardDigits, cardTypeOf, cvvLength, isCardNumberPattern, unsupportedCardTypes } from '../card'
import { EXPIRY_MONTHS, isExpired } from '../expiry'
import { parseDollars } from '../money'
import {
  PAYMENT_MSG,
  PAYMENT_MSG_EXTRA,
  amountTooHigh,
  amountTooLow,
  cardTypeUnsupported,
  cvvDigits,
  floodAmountTooHigh,
  floodAmountTooLow,
  maxLength,
} from '../messages'

/**
 * THE payment form schema (spec 001 section 4 "Make a payment", section 5 "Payment", "Check",
 * "Card"), with every message verbatim. The island validates the screen with it before posting; the
 * worker (phase B) validates the spec's payload with it after valuesFromPayload(), so both sides give
 * the same messages. It is built per policy, because the rules depend on the policy (flood, amounts,
 * email on file) and on today's date in the policyholder's time zone (card expiry).
 *
 * zod/mini, because it ships to the browser inside the make-payment island.
 */
export const PAYMENT_TYPES = ['creditCard', 'check'] as const
export type PaymentType = (typeof PAYMENT_TYPES)[number]

/** What the screen holds: the masked card number, the amount as typed, etc. Also the no-script form's names. */
export interface PaymentFormValues {
  type: PaymentType
  amount: string
  billingName: string
  billingAddress: string
  billingCity: string
  billingState: string
  billingZip: string
  /** Only asked (and only checked) when no email is on file. */
  email: string
  cardNumber: string
  expMonth: string
  expYear: string
  cvv: string
  routingNumber: string
  checkNumber: string
  accountNumber: string
  /** The bank-debit authorization checkbox (check payments only). */
  authorizeDebit: boolean
}

export type PaymentField = keyof PaymentFormValues

export interface PaymentContext {
  isFlood: boolean
  totalDueCents: number
  pastDueCents: number
  emailOnFile: boolean
  supportPhone: string
  /** yyyy-mm-dd in the policyholder's time zone. */
  today: string
}

/** Length caps the spec leaves open (the claim form's: address 50, city 40, email 100). */
export const PAYMENT_FIELD_MAX = { billingName: 50, billingAddress: 50, billingCity: 40, email: 100 } as const

const STATE_CODES = new Set(US_STATES.map((s) => s.code))

type Issue = { code: 'custom'; message: string; input: unknown; path?: PropertyKey[] }
type Ctx = { addIssue(issue: Issue): void }

function requiredText(required: string, max: number) {
  return z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, maxLength(max)))
}

function amountMessage(problem: AmountProblem, supportPhone: string): string {
  switch (problem.kind) {
    case 'too-low':
      return amountTooLow(problem.boundCents)
    case 'too-high':
      return amountTooHigh(problem.boundCents)
    case 'flood-too-low':
      return floodAmountTooLow(supportPhone)
    case 'flood-too-high':
      return floodAmountTooHigh(problem.boundCents)
  }
}

function amountField(ctx: PaymentContext) {
  const rule = amountRule(ctx)
  return z.string({ error: PAYMENT_MSG.amountRequired }).check(
    z.superRefine((value: string, c: Ctx) => {
      const text = value.trim()
      const fail = (message: string) => c.addIssue({ code: 'custom', message, input: value })
      if (!text) return fail(PAYMENT_MSG.amountRequired)
      const cents = parseDollars(text)
      if (cents === null) return fail(PAYMENT_MSG_EXTRA.amountInvalid)
      const problem = amountProblem(rule, cents)
      if (problem) fail(amountMessage(problem, ctx.supportPhone))
    }),
  )
}

const stateField = z.string({ error: PAYMENT_MSG.stateRequired }).check(z.refine((v: string) => STATE_CODES.has(v.trim()), PAYMENT_MSG.stateRequired))

const zipField = z
  .string({ error: PAYMENT_MSG.zipRequired })
  .check(z.trim(), z.minLength(1, PAYMENT_MSG.zipRequired), z.regex(ZIP_PATTERN, PAYMENT_MSG_EXTRA.zipInvalid))

function emailField(ctx: PaymentContext) {
  if (ctx.emailOnFile) return z.string()
  return z
    .string({ error: PAYMENT_MSG.emailRequired })
    .check(
      z.trim(),
      z.minLength(1, PAYMENT_MSG.emailRequired),
      z.maxLength(PAYMENT_FIELD_MAX.email, maxLength(PAYMENT_FIELD_MAX.email)),
      z.regex(EMAIL_PATTERN, PAYMENT_MSG.emailInvalid),
    )
}

/** The card number's message, or null: required, then the pattern, then the supported types. */
export function cardNumberProblem(input: string, isFlood: boolean): string | null {
  const digits = cardDigits(input)
  if (!digits) return PAYMENT_MSG.cardRequired
  if (!isCardNumberPattern(digits)) return PAYMENT_MSG.cardInvalid
  const type = cardTypeOf(digits)
  if (unsupportedCardTypes(isFlood).includes(type)) return cardTypeUnsupported(CARD_TYPE_NAMES[type])
  return null
}

function cardRules(v: PaymentFormValues, ctx: PaymentContext, issue: (field: PaymentField, message: string) => void): void {
  const cardProblem = cardNumberProblem(v.cardNumber, ctx.isFlood)
  if (cardProblem) issue('cardNumber', cardProblem)

  const month = EXPIRY_MONTHS.includes(v.expMonth.trim()) ? v.expMonth.trim() : ''
  const year = /^\d{4}$/.test(v.expYear.trim()) ? v.expYear.trim() : ''
  if (!month && !year) issue('expMonth', PAYMENT_MSG.expDateRequired)
  else if (!month) issue('expMonth', PAYMENT_MSG.expMonthRequired)
  else if (year && isExpired(month, year, ctx.today)) issue('expMonth', PAYMENT_MSG.expired)
  if (month && !year) issue('expYear', PAYMENT_MSG.expYearRequired)

  const n = cvvLength(cardTypeOf(v.cardNumber))
  const cvv = v.cvv.trim()
  if (!cvv) issue('cvv', PAYMENT_MSG.cvvRequired)
  else if (!new RegExp(`^\\d{${n}}$`).test(cvv)) issue('cvv', cvvDigits(n))
}

function checkRules(v: PaymentFormValues, issue: (field: PaymentField, message: string) => void): void {
  const routing = withoutSpaces(v.routingNumber)
  if (!routing) issue('routingNumber', PAYMENT_MSG.routingRequired)
  else if (!isRoutingNumber(routing) || !abaRoutingValid(routing)) issue('routingNumber', PAYMENT_MSG.routingInvalid)

  const checkNumber = withoutSpaces(v.checkNumber)
  if (!checkNumber) issue('checkNumber', PAYMENT_MSG.checkNumberRequired)
  else if (!new RegExp(`^\\d{1,${CHECK_NUMBER_MAX}}$`).test(checkNumber)) issue('checkNumber', PAYMENT_MSG_EXTRA.checkNumberInvalid)

  const account = withoutSpaces(v.accountNumber)
  if (!account) issue('accountNumber', PAYMENT_MSG.accountRequired)
  else if (!isAccountNumber(account)) issue('accountNumber', PAYMENT_MSG.accountInvalid)

  if (v.authorizeDebit !== true) issue('authorizeDebit', PAYMENT_MSG_EXTRA.authorizationRequired)
}

/** The schema for one policy and day. */
export function paymentSchema(ctx: PaymentContext) {
  return z
    .object({
      type: z.enum(PAYMENT_TYPES),
      amount: amountField(ctx),
      billingName: requiredText(PAYMENT_MSG.nameRequired, PAYMENT_FIELD_MAX.billingName),
      billingAddress: requiredText(PAYMENT_MSG.addressRequired, PAYMENT_FIELD_MAX.billingAddress),
      billingCity: requiredText(PAYMENT_MSG.cityRequired, PAYMENT_FIELD_MAX.billingCity),
      billingState: stateField,
      billingZip: zipField,
      email: emailField(ctx),
      cardNumber: z.string(),
      expMonth: z.string(),
      expYear: z.string(),
      cvv: z.string(),
      routingNumber: z.string(),
      checkNumber: z.string(),
      accountNumber: z.string(),
      authorizeDebit: z.boolean(),
    })
    .check(
      z.superRefine((v: PaymentFormValues, c: Ctx) => {
        const issue = (field: PaymentField, message: string) => c.addIssue({ code: 'custom', path: [field], message, input: v[field] })
        if (v.type === 'creditCard') cardRules(v, ctx, issue)
        else checkRules(v, issue)
      }),
    )
}

/**
 * Paying with a saved method (issue 22): the amount and, without an email on file, the email; a saved
 * bank account's debit still needs its authorization (checked with the text, as for a typed account).
 */
export function savedPaymentSchema(ctx: PaymentContext) {
  return z.object({ amount: amountField(ctx), email: emailField(ctx) })
}

/** The screen's fields in their order (the focus goes to the first in error). */
export function paymentFieldOrder(type: PaymentType, emailOnFile: boolean): PaymentField[] {
  return [
    'amount',
    ...(type === 'creditCard' ? (['cardNumber', 'expMonth', 'expYear', 'cvv'] as const) : (['routingNumber', 'checkNumber', 'accountNumber'] as const)),
    'billingName',
    'billingAddress',
    'billingCity',
    'billingState',
    'billingZip',
    ...(emailOnFile ? [] : (['email'] as const)),
    ...(type === 'check' ? (['authorizeDebit'] as const) : []),
  ]
}

export type PaymentFieldErrors = Partial<Record<PaymentField, string>>

/** The first message per field. */
export function paymentFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): PaymentFieldErrors {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '(root)')
    if (!(key in out)) out[key] = issue.message
  }
  return out as PaymentFieldErrors
}

export function firstPaymentError(errors: PaymentFieldErrors, type: PaymentType, emailOnFile: boolean): PaymentField | undefined {
  return paymentFieldOrder(type, emailOnFile).find((f) => errors[f] !== undefined)
}
