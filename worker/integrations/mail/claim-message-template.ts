import { formatPhone } from '../../../shared/format'
import type { MailMessage } from './port'
import type { Locale } from '../../../shared/i18n/locale'
import { claimMailTexts } from './claim-mail-texts'

/**
 * The mail of a claims team reply (issue 32 item 2, decision 208): that there is one, and the link to the
 * claim's page where it is read and answered. The reply's words stay in the portal (a mail box is not
 * where a claim's details should travel).
 */
export function claimReplyMail(
  to: string,
  c: { claimNumber: string; author: string; link: string; quote: string; claimsPhone: string },
  locale: Locale = 'en',
): MailMessage {
  const t = claimMailTexts[locale]
  return {
    kind: 'claim-message',
    to,
    subject: t.replySubject(c.claimNumber),
    text: [t.replyWrote(c.author, c.claimNumber), '', t.replyRead(c.link), '', t.questions(formatPhone(c.claimsPhone), c.quote)].join('\n'),
  }
}
