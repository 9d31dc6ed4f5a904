import { z } from 'zod'
import { abaRoutingValid, isAccountNumber, withoutSpaces } from '../../payments/bank'
import { PAYMENT_MSG } from '../../payments/messages'
import { isUsState } from '../../us-states'

/**
 * How a claim is paid (issue 33 item 1, decision 210): direct deposit to a bank account, tokenized at the
 * payments processor (the portal keeps the token, the bank's name and the last four), or a check mailed
 * to an address the policyholder chooses. One schema for the claim page's form and the /v1 operation.
 * The routing number is judged by the one routing rule of Make a Payment (shared/payments/bank.ts).
 */
export const PAYOUT_TEXT = {
  heading: 'How you get paid',
  intro: 'Choose how the claims team pays you on this claim. You can change it until a payment is issued.',
  deposit: 'Direct deposit to a bank account',
  check: 'A check mailed to an address you choose',
  routing: 'Routing number',
  account: 'Account number',
  holder: 'Name on the account',
  payee: 'Name on the check',
  address1: 'Street address',
  address2: 'Apartment, suite (optional)',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  submit: 'Save how I get paid',
  saved: 'Saved. The claims team will pay you this way.',
  methodRequired: 'Choose direct deposit or a mailed check.',
  holderRequired: 'Enter the name on the account.',
  payeeRequired: 'Enter the name the check is made out to.',
  address1Required: 'Enter the street address the check goes to.',
  cityRequired: 'Enter the city.',
  stateRequired: 'Choose the state.',
  zipRequired: 'Enter a 5-digit ZIP code.',
  notTokenized: 'Your bank could not confirm this account, so it was not saved. Please check the routing and account numbers, or choose a mailed check.',
  unavailable: 'We could not save your choice just now. Nothing was changed; please try again later.',
  paused: (minutes: string) => `Several bank accounts were entered in a short time, so this is paused to protect your account. Please try again in ${minutes}.`,
  closed: 'This claim is closed, so how it is paid can no longer be changed here. Please call us.',
} as const

const line = (max: number, required: string) => z.string().trim().min(1, required).max(max)

const payoutDepositSchema = z.object({
  method: z.literal('deposit'),
  routingNumber: z
    .string()
    .max(40)
    .refine((v) => abaRoutingValid(withoutSpaces(v)), PAYMENT_MSG.routingInvalid),
  accountNumber: z
    .string()
    .max(40)
    .refine((v) => isAccountNumber(v), PAYMENT_MSG.accountInvalid),
  accountHolder: line(80, PAYOUT_TEXT.holderRequired),
})

const payoutCheckSchema = z.object({
  method: z.literal('check'),
  payee: line(80, PAYOUT_TEXT.payeeRequired),
  address1: line(100, PAYOUT_TEXT.address1Required),
  address2: z.string().trim().max(100).default(''),
  city: line(60, PAYOUT_TEXT.cityRequired),
  state: z.string().refine(isUsState, PAYOUT_TEXT.stateRequired),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, PAYOUT_TEXT.zipRequired),
})

export const payoutChoiceSchema = z.discriminatedUnion('method', [payoutDepositSchema, payoutCheckSchema], { error: PAYOUT_TEXT.methodRequired })
export type PayoutChoiceInput = z.infer<typeof payoutChoiceSchema>

interface MailingAddress {
  address1: string
  address2: string
  city: string
  state: string
  zipCode: string
}

/** What the portal keeps and shows of a choice: never an account number. */
export type PayoutChoice = { method: 'deposit'; bankName: string; last4: string } | ({ method: 'check'; payee: string } & MailingAddress)

/** How a choice is said (English; the claim page passes its language's: shared/claims/texts/payout.ts). */
export interface PayoutChoiceWords {
  depositTo(bank: string, last4: string): string
  checkTo(payee: string, address: string): string
}

export const PAYOUT_CHOICE_WORDS: PayoutChoiceWords = {
  depositTo: (bank, last4) => `Direct deposit to ${bank} account ending ${last4}`,
  checkTo: (payee, address) => `Check to ${payee}, mailed to ${address}`,
}

/** The choice in one line, as the claim page and the claims team read it. */
export function payoutChoiceWords(c: PayoutChoice, words: PayoutChoiceWords = PAYOUT_CHOICE_WORDS): string {
  if (c.method === 'deposit') return words.depositTo(c.bankName, c.last4)
  const street = [c.address1, c.address2].filter(Boolean).join(', ')
  return words.checkTo(c.payee, `${street}, ${c.city}, ${c.state} ${c.zipCode}`)
}
