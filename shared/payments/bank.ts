/**
 * Check (bank account) rules of spec 001 section 5 "Check": routing number exactly 9 digits, account
 * number 4 to 17 digits, spaces ignored. The portal also checks the ABA routing checksum (issue 20 item
 * 8) and its first two digits (issue 31 item 4), so a mistyped routing number is a field error on the
 * screen, not a processor's decline.
 */
export const ROUTING_DIGITS = 9
export const ACCOUNT_MAX_DIGITS = 17
/** Not in the spec; long enough for any printed check number. */
export const CHECK_NUMBER_MAX = 15

/**
 * The input's limit for a number of up to `digits` digits (spec 001: routing 'max 9 characters', account
 * 'max 17 characters', 'Spaces are ignored'; decision 218): the digits' limit with room for a space between
 * every two of them, so a number typed or pasted with the spaces printed on a check ('021 000 021') is
 * never cut short by the browser before the island has hydrated (or without it); the island keeps the
 * digits only, up to the digits' limit (withoutSpaces).
 */
export function spacedInputMaxLength(digits: number): number {
  return 2 * digits - 1
}

/** Spaces are ignored (spec): '021 000 021' is '021000021'. */
export function withoutSpaces(input: string): string {
  return input.replace(/\s+/g, '')
}

export function isRoutingNumber(input: string): boolean {
  return /^\d{9}$/.test(withoutSpaces(input))
}

/**
 * The first two digits name the bank's Federal Reserve District: 01-12, and 21-32 for a thrift (Regulation
 * CC, 12 CFR 229 Appendix A, paragraph B); 61-72 are the same districts' electronic transaction
 * identifiers (+60). 00 (the U.S. Government: Treasury checks, postal money orders) and 80 (traveler's
 * cheques) are routing numbers of paper, never of an account to debit (no FedACH participant has one),
 * and every other pair is unassigned (issue 31 item 4, decision 203).
 */
const DEBIT_PREFIXES = new Set([1, 21, 61].flatMap((first) => Array.from({ length: 12 }, (_, i) => String(first + i).padStart(2, '0'))))

/**
 * A routing number of an account the portal may debit: the ABA checksum (the 3-7-1 weights: 3(d1+d4+d7)
 * + 7(d2+d5+d8) + (d3+d6+d9) is a multiple of 10) and the first two digits of a bank's routing number.
 * The portal's schemas and the local processor sandbox both use this one function.
 */
export function abaRoutingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing) || !DEBIT_PREFIXES.has(routing.slice(0, 2))) return false
  const d = [...routing].map(Number)
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)
  return sum % 10 === 0
}

export function isAccountNumber(input: string): boolean {
  return /^\d{4,17}$/.test(withoutSpaces(input))
}

/**
 * A check number as it is stored and shown (payments table, receipt, Payment History): its last four
 * digits (the table takes digits only). A check number is judged by its own rule (1 to 15 digits),
 * never refused because its digits pass Luhn, so it is never kept in full (issue 20 item 1).
 */
export function maskedCheckNumber(input: string): string {
  return withoutSpaces(input).slice(-4)
}
