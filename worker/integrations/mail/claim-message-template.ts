import { formatPhone } from '../../../shared/format'
import type { MailMessage } from './port'

/**
 * The mail of a claims team reply (issue 32 item 2, decision 208): that there is one, and the link to the
 * claim's page where it is read and answered. The reply's words stay in the portal (a mail box is not
 * where a claim's details should travel).
 */
export function claimReplyMail(to: string, c: { claimNumber: string; author: string; link: string; quote: string; claimsPhone: string }): MailMessage {
  return {
    kind: 'claim-message',
    to,
    subject: `Your ProgHome claim ${c.claimNumber}: a new message from the claims team`,
    text: [
      `${c.author} of the claims team wrote to you about claim ${c.claimNumber}.`,
      '',
      `Read the message and reply: ${c.link}`,
      '',
      `Questions? Call our claims line at ${formatPhone(c.claimsPhone)} and quote claim number ${c.quote}.`,
    ].join('\n'),
  }
}
