import { formatDate } from '../format'
import { fill } from '../i18n/catalog'
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

/**
 * The authorization's words in one language (issue 36): the text with {amount}, {account}, {date},
 * {policyId} and {phone}, and what {amount} and {account} read before they are typed. The island gets
 * them with the date, policy and phone already in (they are the page's), and completes the rest.
 */
export interface AuthorizationWords {
  template: string
  amountUnknown: string
  /** '... ending in {last4}' */
  account: string
  accountUnknown: string
}

export const AUTHORIZATION_EN: AuthorizationWords = {
  template: [
    'I authorize ProgHome Insurance to make a one-time electronic debit (ACH) of {amount} from {account} on or after {date}, as payment on policy {policyId}.',
    'I confirm that I own this account or am authorized to make debits from it.',
    'This authorization is for this one payment only.',
    'I may revoke it by calling {phone} before the debit is made; after that it can no longer be stopped.',
    'If the debit is returned unpaid, the payment is cancelled and the amount is still due.',
    'A copy of this authorization is on my payment receipt, and I may print this page.',
  ].join(' '),
  amountUnknown: 'the Payment Amount entered above',
  account: 'my bank account ending in {last4}',
  accountUnknown: 'the bank account entered above',
}

/** The words with the page's facts filled in (the date as the language writes it): what the island receives. */
export function authorizationWordsFor(
  words: AuthorizationWords,
  f: Pick<BankAuthorizationFacts, 'policyId' | 'supportPhone'>,
  date: string,
): AuthorizationWords {
  return { ...words, template: fill(words.template, { date, policyId: f.policyId, phone: f.supportPhone }) }
}

/** The text as shown and stored: the amount and account as typed so far. */
export function completeAuthorization(words: AuthorizationWords, amountCents: number | null, accountLast4: string): string {
  return fill(words.template, {
    amount: amountCents === null ? words.amountUnknown : formatAmount(amountCents),
    account: accountLast4.length === 4 ? fill(words.account, { last4: accountLast4 }) : words.accountUnknown,
  })
}

/** The English text (the /v1 API's callers and the spec's wording). Other languages: shared/payments/texts/authorization.ts. */
export function bankAuthorizationText(f: BankAuthorizationFacts): string {
  return completeAuthorization(authorizationWordsFor(AUTHORIZATION_EN, f, formatDate(f.date)), f.amountCents, f.accountLast4)
}
