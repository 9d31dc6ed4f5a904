import { cardTypeOf, CARD_TYPE_NAMES, cvvLength } from '../../shared/payments/card'
import { luhnValid as luhnDigitValid } from '../../shared/payments/pan'
import { abaRoutingValid } from '../../shared/payments/bank'

/**
 * What the payment sandbox (/__dev/payments) decides, as pure functions: the Luhn and ABA routing
 * checksums, and the documented test numbers (README "Trying payments") that approve, decline, fail
 * for insufficient funds, fail in processing, or time out. Any other number with valid checksums is
 * approved, so a realistic-looking test card works too.
 */
type SandboxOutcome = 'approved' | 'declined' | 'insufficient_funds' | 'error'

/**
 * - charged-then-timeout: the sandbox charges, then answers 504 as a processor's gateway does when the
 *   answer is lost; asking by reference shows the charge approved.
 * - timeout-before-charge: 504 without charging; asking by reference finds nothing.
 */
export type SandboxBehaviour = SandboxOutcome | 'charged-then-timeout' | 'timeout-before-charge'

export interface SandboxTestNumber {
  kind: 'card' | 'bank'
  /** Card number, or bank account number (with any valid routing number, e.g. 021000021). */
  number: string
  behaviour: SandboxBehaviour
  note: string
}

export const SANDBOX_TEST_NUMBERS: readonly SandboxTestNumber[] = [
  { kind: 'card', number: '4111111111111111', behaviour: 'approved', note: 'Visa' },
  { kind: 'card', number: '5555555555554444', behaviour: 'approved', note: 'Mastercard' },
  { kind: 'card', number: '378282246310005', behaviour: 'approved', note: 'American Express (CVV 4 digits)' },
  { kind: 'card', number: '6011111111111117', behaviour: 'approved', note: 'Discover: the portal refuses it on non-flood policies' },
  { kind: 'card', number: '9792030000000000', behaviour: 'approved', note: 'Troy: the portal refuses it on every policy' },
  { kind: 'card', number: '4000000000000002', behaviour: 'declined', note: 'Visa, declined by the issuer' },
  { kind: 'card', number: '5105105105105100', behaviour: 'declined', note: 'Mastercard, declined by the issuer' },
  { kind: 'card', number: '4000000000009995', behaviour: 'insufficient_funds', note: 'Visa, insufficient funds' },
  { kind: 'card', number: '4000000000000119', behaviour: 'error', note: 'Visa, processing error (not charged)' },
  { kind: 'card', number: '4000000000005043', behaviour: 'charged-then-timeout', note: 'Visa: charged, then 504 (lookup finds it approved)' },
  { kind: 'card', number: '4000000000004087', behaviour: 'timeout-before-charge', note: 'Visa: 504 without a charge (lookup finds nothing)' },
  { kind: 'bank', number: '000123456789', behaviour: 'approved', note: 'checking account' },
  { kind: 'bank', number: '000111111113', behaviour: 'declined', note: 'account closed' },
  { kind: 'bank', number: '000222222227', behaviour: 'insufficient_funds', note: 'insufficient funds' },
  { kind: 'bank', number: '000333333335', behaviour: 'error', note: 'processing error (not debited)' },
  { kind: 'bank', number: '000504504504', behaviour: 'charged-then-timeout', note: 'debited, then 504 (lookup finds it approved)' },
  { kind: 'bank', number: '000408408408', behaviour: 'timeout-before-charge', note: '504 without a debit (lookup finds nothing)' },
]

/** A card number the sandbox takes: 12 to 19 digits passing the Luhn check (shared/payments/pan.ts). */
export function luhnValid(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && luhnDigitValid(digits)
}

export type SandboxMethod =
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvv: string }
  | { kind: 'bank'; routing: string; account: string }

export interface SandboxDecision {
  behaviour: SandboxBehaviour
  message: string
}

const MESSAGES: Record<SandboxOutcome, string> = {
  approved: 'Approved.',
  declined: 'The payment was declined.',
  insufficient_funds: 'The payment was declined for insufficient funds.',
  error: 'The payment could not be processed.',
}

/** Why the processor refuses these details outright (checksums, expiry, CVV), or null. */
export function sandboxDetailsProblem(method: SandboxMethod, now: { year: number; month: number }): string | null {
  if (method.kind === 'card') {
    if (!luhnValid(method.number)) return 'The card number is not valid.'
    if (cardExpired(method, now)) return 'The card has expired.'
    if (!new RegExp(`^\\d{${cvvLength(cardTypeOf(method.number))}}$`).test(method.cvv)) return 'The security code is not valid.'
    return null
  }
  if (!abaRoutingValid(method.routing)) return 'The routing number is not valid.'
  if (!/^\d{4,17}$/.test(method.account)) return 'The account number is not valid.'
  return null
}

export function cardExpired(card: { expMonth: number; expYear: number }, now: { year: number; month: number }): boolean {
  return card.expYear < now.year || (card.expYear === now.year && card.expMonth < now.month)
}

/** What a listed test number does (any other valid number is approved). */
export function sandboxBehaviour(kind: 'card' | 'bank', number: string): SandboxBehaviour {
  return SANDBOX_TEST_NUMBERS.find((t) => t.kind === kind && t.number === number)?.behaviour ?? 'approved'
}

export function sandboxMessage(behaviour: SandboxBehaviour): string {
  return MESSAGES[behaviour === 'charged-then-timeout' || behaviour === 'timeout-before-charge' ? 'approved' : behaviour]
}

/** The sandbox's answer for a method; `now` gives the current year and month for card expiry. */
export function sandboxDecision(method: SandboxMethod, now: { year: number; month: number }): SandboxDecision {
  const problem = sandboxDetailsProblem(method, now)
  if (problem) return { behaviour: 'declined', message: problem }
  const behaviour = sandboxBehaviour(method.kind, method.kind === 'card' ? method.number : method.account)
  return { behaviour, message: sandboxMessage(behaviour) }
}

/** A bank account the sandbox's account validation cannot confirm (README "Trying payments"). */
export const SANDBOX_UNVERIFIABLE_ACCOUNT = '000777777771'

const SANDBOX_BANKS: Readonly<Record<string, string>> = {
  '021000021': 'JPMorgan Chase',
  '011000015': 'Federal Reserve Bank',
  '121000358': 'Bank of America',
  '061000104': 'Truist',
}

/** The bank's name as a processor reports it for a stored account. */
export function sandboxBankName(routing: string): string {
  return SANDBOX_BANKS[routing] ?? 'Bank account'
}

/** Brand as the processor reports it: the card type's name, or 'ACH' for a bank debit. */
export function sandboxBrand(method: SandboxMethod): string {
  return method.kind === 'card' ? CARD_TYPE_NAMES[cardTypeOf(method.number)] : 'ACH'
}
