import type { MakePaymentTexts } from '../../shared/payments/schemas/make-payment-texts'
import type { PaymentFieldErrors } from '../../shared/payments/schemas/payment'
import { formatAmount, type AmountRule } from '../../shared/payments/amount'
import { fill } from '../../shared/i18n/catalog'

/**
 * The island's words come from the page (issue 36): `texts` in the page's language, and for a language
 * other than English the form's messages (the schema writes them in English). Only types are imported
 * from the catalog, so no other language ships.
 */
export type Texts = MakePaymentTexts

/** The amount field's hint: the rule in words, with its amounts. */
export function amountHint(t: Texts, rule: AmountRule, readOnly: boolean): string {
  if (rule.kind === 'exact') return fill(readOnly ? t.hintFloodReadOnly : t.hintFlood, { amount: formatAmount(rule.cents) })
  if (rule.minCents === rule.maxCents) return fill(t.hintExact, { amount: formatAmount(rule.minCents) })
  return fill(t.hintRange, { min: formatAmount(rule.minCents), max: formatAmount(rule.maxCents) })
}

/** The field messages in the page's language. */
export function messagesIn(errors: Readonly<PaymentFieldErrors>, messages: Readonly<Record<string, string>> | undefined): PaymentFieldErrors {
  if (!messages) return errors as PaymentFieldErrors
  const out: PaymentFieldErrors = {}
  for (const [field, message] of Object.entries(errors) as [keyof PaymentFieldErrors, string][]) out[field] = messages[message] ?? message
  return out
}
