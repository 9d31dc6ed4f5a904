import type { MailMessage } from '../../integrations/mail/port'
import { formatAmount } from '../../../shared/payments/amount'
import { localDate } from '../../../shared/clock'
import { formatDate, formatPhone } from '../../../shared/format'

/**
 * A payment the payer was told is pending (or whose request failed before it could answer) that
 * then turned out refused or never reached the processor: they were promised an email, so they get
 * one saying nothing was charged. Brand and last four only. (Texts for product review: decision 113.)
 */
export function paymentNotCompletedMail(
  to: string,
  p: { policyId: string; amountCents: number; methodLabel: string; createdAt: number; state: string; supportPhone: string },
): MailMessage {
  return {
    kind: 'payment-not-completed',
    to,
    subject: `Your ProgHome payment on policy ${p.policyId} did not go through`,
    text: [
      `Your payment of ${formatAmount(p.amountCents)} on policy ${p.policyId} from ${p.methodLabel}, made on ${formatDate(localDate(p.createdAt, p.state))}, did not go through, and no payment was made.`,
      '',
      'The amount is still due. You can pay again online, or call us.',
      '',
      `Questions about this payment? Call us at ${formatPhone(p.supportPhone)}.`,
    ].join('\n'),
  }
}
