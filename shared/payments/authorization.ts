import { formatDate } from '../format'
import { formatAmount } from './amount'

/**
 * The authorization a policyholder gives for a one-time debit from a bank account on the internet
 * (a NACHA "WEB" single entry). The rules ask that it be readily identifiable as an authorization, in
 * clear terms, and that it name the amount, the date, the account, and how to revoke it; the
 * policyholder must be able to keep a copy (the receipt repeats it). The island shows this text next
 * to the checkbox; phase B stores exactly this text with the payment. Change the wording only
 * together with the version, so each stored authorization names the wording its payer saw.
 */
export const BANK_AUTHORIZATION_VERSION = 'nacha-web-single-2026-11'

export interface BankAuthorizationFacts {
  /** The amount to debit; null while the amount field has no valid amount yet. */
  amountCents: number | null
  /** yyyy-mm-dd in the policyholder's time zone: the day of the debit. */
  date: string
  /** Last four digits of the account; '' while fewer than four have been typed. */
  accountLast4: string
  policyId: string
  supportPhone: string
}

export function bankAuthorizationText(f: BankAuthorizationFacts): string {
  const amount = f.amountCents === null ? 'the Payment Amount entered above' : formatAmount(f.amountCents)
  const account = f.accountLast4.length === 4 ? `my bank account ending in ${f.accountLast4}` : 'the bank account entered above'
  return [
    `I authorize ProgHome Insurance to make a one-time electronic debit (ACH) of ${amount} from ${account} on or after ${formatDate(f.date)}, as payment on policy ${f.policyId}.`,
    'I confirm that I own this account or am authorized to make debits from it.',
    'This authorization is for this one payment only.',
    `I may revoke it by calling ${f.supportPhone} before the debit is made; after that it can no longer be stopped.`,
    'If the debit is returned unpaid, the payment is cancelled and the amount is still due.',
    'A copy of this authorization is on my payment receipt, and I may print this page.',
  ].join(' ')
}
