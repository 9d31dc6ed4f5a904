import type { ClaimUpdateFact } from '../mail/templates'
import { claimMailTexts } from '../mail/claim-mail-texts'
import type { Locale } from '../../../shared/i18n/locale'
import type { ReminderFacts } from '../../../shared/payments/reminders'
import { reminderSubjectIn } from '../../../shared/payments/texts/reminders'
import { smsTexts } from './texts'

/**
 * The words of a claim update by text (decision 209): one short message (one SMS segment where the
 * link allows), what happened and the claim's link; never amounts, card data, codes or names. The mail
 * says the rest.
 */
export function claimUpdateText(c: { claimNumber: string; type: ClaimUpdateFact['type']; link: string }, locale: Locale = 'en'): string {
  const t = claimMailTexts[locale]
  return t.text(c.claimNumber, t[c.type], c.link)
}

/** A payment reminder by text, in the person's language: the mail's subject line and where to pay. */
export function paymentReminderText(f: ReminderFacts, locale: Locale = 'en'): string {
  return smsTexts[locale].paymentReminder(reminderSubjectIn(locale, f), f.portalUrl.replace(/\/+$/, ''))
}
