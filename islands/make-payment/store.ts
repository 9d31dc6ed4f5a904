import { proxy } from 'valtio'
import type { MakePaymentProps } from '../../shared/payments/schemas/payment-props'
import type { SavedMethodView } from '../../shared/payments/saved-methods'
import { PAYMENT_MSG_EXTRA } from '../../shared/payments/messages'
import {
  paymentFieldErrors,
  paymentSchema,
  savedPaymentSchema,
  type PaymentContext,
  type PaymentField,
  type PaymentFieldErrors,
  type PaymentFormValues,
  type PaymentType,
} from '../../shared/payments/schemas/payment'
import { amountRule, suggestedAmountCents } from '../../shared/payments/amount'
import { withoutSpaces, ROUTING_DIGITS, ACCOUNT_MAX_DIGITS, CHECK_NUMBER_MAX } from '../../shared/payments/bank'
import { maskCardNumber, cardTypeOf, cvvLength } from '../../shared/payments/card'
import { centsToDollars, maskDollars } from '../../shared/payments/money'

export interface Notice {
  kind: 'info' | 'error'
  text: string
}

export interface PaymentState {
  values: PaymentFormValues
  /** Messages beside the fields; empty until the first Submit (lazy validation). */
  errors: PaymentFieldErrors
  /** Submit was pressed at least once: from then on, messages follow the entries as they change. */
  attempted: boolean
  /** The payment is being sent: the spinner shows and Submit does nothing more. */
  submitting: boolean
  /** A message above the form: 'Your policy is paid in full.', or why the payment did not go through. */
  notice: Notice | null
  /**
   * The Idempotency-Key of the current attempt, with the fingerprint of what it was sent with (sameAs). A retry
   * of the same payment reuses it (docs/decisions/111).
   */
  attempt: { sameAs: string; key: string } | null
  /** Issue 22: the saved method chosen ('' = the typed form), and 'Save this card/account for later'. */
  choice: string
  /** The saved methods offered (display data only), default first. */
  saved: SavedMethodView[]
  save: boolean
  nickname: string
  /**
   * A payment the processor refused (decision 222): its text, shown in place of the form until 'Try another
   * card', which brings the form back as it was sent. The card stays in this memory only, never stored.
   */
  refused: { text: string; method: 'card' | 'bank' } | null
}

export function paymentContext(props: MakePaymentProps): PaymentContext {
  return {
    isFlood: props.isFlood,
    totalDueCents: props.totalDueCents,
    pastDueCents: props.pastDueCents,
    emailOnFile: props.emailOnFile,
    supportPhone: props.supportPhone,
    today: props.today,
  }
}

/** The amount the field starts with: the total due when read-only or flood, else the box's amount. */
function initialAmount(props: MakePaymentProps): string {
  const rule = amountRule(paymentContext(props))
  return centsToDollars(suggestedAmountCents(rule, props.dueCents))
}

function emptyValues(amount: string): PaymentFormValues {
  return {
    type: 'creditCard',
    amount,
    billingName: '',
    billingAddress: '',
    billingCity: '',
    billingState: '',
    billingZip: '',
    email: '',
    cardNumber: '',
    expMonth: '',
    expYear: '',
    cvv: '',
    routingNumber: '',
    checkNumber: '',
    accountNumber: '',
    authorizeDebit: false,
  }
}

/** A fresh store per island root (never a module-level proxy: the server renders many requests). */
export function createPaymentStore(props: MakePaymentProps) {
  return proxy<PaymentState>({
    // 'Try another card or account' (decision 171): what the server kept of a payment not made.
    values: { ...emptyValues(initialAmount(props)), ...(props.kept && (JSON.parse(props.kept) as Partial<PaymentFormValues>)) },
    errors: {},
    attempted: false,
    submitting: false,
    notice: null,
    attempt: null,
    choice: savedMethodsOf(props).find((m) => m.isDefault)?.id ?? savedMethodsOf(props)[0]?.id ?? '',
    saved: savedMethodsOf(props),
    save: false,
    nickname: '',
    refused: null,
  })
}

/** The saved methods the server offered (display data only). */
function savedMethodsOf(props: MakePaymentProps): SavedMethodView[] {
  return props.savedMethods ? (JSON.parse(props.savedMethods) as SavedMethodView[]) : []
}

/** The saved method chosen, or null for the typed form. */
export function chosenOf(state: { readonly saved: readonly SavedMethodView[]; readonly choice: string }): SavedMethodView | null {
  return state.saved.find((m) => m.id === state.choice) ?? null
}

export type PaymentStore = ReturnType<typeof createPaymentStore>

export type TextField = Exclude<PaymentField, 'type' | 'authorizeDebit'>

/** What a field keeps of what is typed: the masks of the spec, spaces ignored where the spec says so. */
function maskField(field: TextField, input: string, values: PaymentFormValues): string {
  switch (field) {
    case 'amount':
      return maskDollars(input)
    case 'cardNumber':
      return maskCardNumber(input)
    case 'cvv':
      return input.replace(/\D/g, '').slice(0, cvvLength(cardTypeOf(values.cardNumber)))
    case 'routingNumber':
      return withoutSpaces(input).slice(0, ROUTING_DIGITS)
    case 'accountNumber':
      return withoutSpaces(input).slice(0, ACCOUNT_MAX_DIGITS)
    case 'checkNumber':
      return withoutSpaces(input).slice(0, CHECK_NUMBER_MAX)
    case 'billingZip':
      return input.replace(/[^\d-]/g, '').slice(0, 10)
    default:
      return input
  }
}

export type Validation = { ok: true; values: PaymentFormValues } | { ok: false; errors: PaymentFieldErrors }

function validatePayment(ctx: PaymentContext, values: PaymentFormValues, saved: SavedMethodView | null = null): Validation {
  if (saved) {
    const parsed = savedPaymentSchema(ctx).safeParse({ amount: values.amount, email: values.email })
    const errors: PaymentFieldErrors = parsed.success ? {} : paymentFieldErrors(parsed.error)
    if (saved.kind === 'bank' && !values.authorizeDebit) errors.authorizeDebit = PAYMENT_MSG_EXTRA.authorizationRequired
    return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values }
  }
  const parsed = paymentSchema(ctx).safeParse(values)
  return parsed.success ? { ok: true, values } : { ok: false, errors: paymentFieldErrors(parsed.error) }
}

export function setChoice(store: PaymentStore, ctx: PaymentContext, choice: string): void {
  store.choice = choice
  store.values.authorizeDebit = false
  revalidate(store, ctx)
}

function revalidate(store: PaymentStore, ctx: PaymentContext): void {
  if (store.attempted) {
    const r = validatePayment(ctx, store.values, chosenOf(store))
    store.errors = r.ok ? {} : r.errors
  }
}

export function setField(store: PaymentStore, ctx: PaymentContext, field: TextField, input: string): void {
  store.values[field] = maskField(field, input, store.values)
  // A shorter CVV rule (Amex -> Visa) trims what no longer fits.
  if (field === 'cardNumber') store.values.cvv = maskField('cvv', store.values.cvv, store.values)
  revalidate(store, ctx)
}

export function setAuthorizeDebit(store: PaymentStore, ctx: PaymentContext, checked: boolean): void {
  store.values.authorizeDebit = checked
  revalidate(store, ctx)
}

export function setType(store: PaymentStore, ctx: PaymentContext, type: PaymentType): void {
  if (store.values.type === type) return
  store.values.type = type
  revalidate(store, ctx)
}

/** Submit: validates everything (lazy validation starts here). */
export function attemptSubmit(store: PaymentStore, ctx: PaymentContext): Validation {
  store.attempted = true
  const result = validatePayment(ctx, store.values, chosenOf(store))
  store.errors = result.ok ? {} : result.errors
  return result
}

/** After a failed send: what was typed stays, except the card number and the CVV. */
export function forgetCardSecrets(store: PaymentStore): void {
  store.values.cardNumber = ''
  store.values.cvv = ''
}

/**
 * 'Try another card' (decision 222): the form again, on the card or account typed (never a saved method),
 * with everything as it was sent; a new attempt key, since the refused payment took nothing.
 */
export function tryAnotherMethod(store: PaymentStore): void {
  const refused = store.refused
  if (!refused) return
  const chosen = chosenOf(store)
  if (chosen) store.values.type = chosen.kind === 'card' ? 'creditCard' : 'check'
  store.choice = ''
  store.refused = null
  store.attempt = null
}
