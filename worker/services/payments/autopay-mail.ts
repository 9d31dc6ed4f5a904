import type { MailMessage } from '../../integrations/mail/port'
import { formatAmount } from '../../../shared/payments/amount'
import { formatDate, formatPhone } from '../../../shared/format'

/**
 * The emails of automatic payments (issue 22 item 2): the terms as accepted (a copy of the recurring
 * authorization to keep), a stop, and a declined draft with the way to pay now. Brand and last four
 * only. (Texts for product review: decision 176.)
 */
export function autopayEnrolledMail(
  to: string,
  f: { policyId: string; methodLabel: string; termsText: string; nextDraft: string; supportPhone: string },
): MailMessage {
  return {
    kind: 'autopay-enrolled',
    to,
    subject: `Automatic payments are on for policy ${f.policyId}`,
    text: [
      `Automatic payments are on for policy ${f.policyId}, from your ${f.methodLabel}.`,
      f.nextDraft,
      '',
      'The authorization you accepted (please keep this email):',
      f.termsText,
      '',
      `To stop them, open Automatic Payments on your policy in the portal, or call us at ${formatPhone(f.supportPhone)}, at least 3 business days before a draft.`,
    ].join('\n'),
  }
}

export function autopayStoppedMail(to: string, f: { policyId: string; supportPhone: string }): MailMessage {
  return {
    kind: 'autopay-stopped',
    to,
    subject: `Automatic payments are off for policy ${f.policyId}`,
    text: [
      `Automatic payments for policy ${f.policyId} are stopped: nothing more will be taken automatically.`,
      'Please pay each amount due by its due date yourself, in the portal or by calling us.',
      '',
      `If you did not do this, call us at ${formatPhone(f.supportPhone)}.`,
    ].join('\n'),
  }
}

export function autopayDeclinedMail(
  to: string,
  f: { policyId: string; amountCents: number; methodLabel: string; dueDate: string; portalUrl: string; supportPhone: string },
): MailMessage {
  return {
    kind: 'autopay-declined',
    to,
    subject: `Your automatic payment on policy ${f.policyId} did not go through`,
    text: [
      `Your automatic payment of ${formatAmount(f.amountCents)} on policy ${f.policyId} from ${f.methodLabel}, due ${formatDate(f.dueDate)}, did not go through, and nothing was charged.`,
      '',
      `The amount is still due. Please pay it now in the portal: ${f.portalUrl.replace(/\/+$/, '')}/ (Make a Payment on your policy), or call us at ${formatPhone(f.supportPhone)}.`,
      'Your automatic payments stay on for your next due dates.',
    ].join('\n'),
  }
}
