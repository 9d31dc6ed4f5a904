import { formatUsdIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'

/** Claims History's Amount Paid when nothing has been paid on a claim still open (issue 21 item 5). */
const NOTHING_PAID_YET: Record<Locale, string> = { en: 'None yet', es: 'Nada todavía' }

/**
 * Claims History's Amount Paid cell (spec 000 names the column, not its format): a just-reported or
 * still-open claim with nothing paid reads 'None yet' rather than '$0.00', which looks like a settled
 * nothing; a closed claim keeps its amount, $0.00 included, since that is its outcome.
 */
export function amountPaidText(lossAmount: number, status: string, locale: Locale = 'en'): string {
  return lossAmount === 0 && !/closed/i.test(status) ? NOTHING_PAID_YET[locale] : formatUsdIn(locale, lossAmount)
}

/**
 * What was paid on a claim (issue 32 item 6), in cents: the sum of the payment events the claims system
 * sent, or what the policy record says when it says more (payments only add up, and a payment made
 * before the portal heard of the claim is in the record only). Never the two added: the same payment
 * may be in both.
 */
export function paidCents(recordCents: number | null, paymentEventsCents: number | null): number {
  return Math.max(recordCents ?? 0, paymentEventsCents ?? 0)
}
