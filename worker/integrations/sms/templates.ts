import { SUBJECTS, type ClaimUpdateFact } from '../mail/templates'
import type { ReminderFacts } from '../../../shared/payments/reminders'
import { reminderSubjectIn } from '../../../shared/payments/texts/reminders'
import type { Locale } from '../../../shared/i18n/locale'
import { smsTexts } from './texts'

/**
 * The words of a claim update by text (decision 209): one short message (one SMS segment where the
 * link allows), what happened and the claim's link; never amounts, card data, codes or names. The mail
 * says the rest.
 */
export function claimUpdateText(c: { claimNumber: string; type: ClaimUpdateFact['type']; link: string }): string {
  return `ProgHome claim ${c.claimNumber}: ${SUBJECTS[c.type]}. Details: ${c.link} Reply STOP to stop texts.`
}

/** A payment reminder by text, in the person's language: the mail's subject line and where to pay. */
export function paymentReminderText(f: ReminderFacts, locale: Locale = 'en'): string {
  return smsTexts[locale].paymentReminder(reminderSubjectIn(locale, f), f.portalUrl.replace(/\/+$/, ''))
}
