/**
 * Check (bank account) rules of spec 001 section 5 "Check": routing number exactly 9 digits, account
 * number 4 to 17 digits, spaces ignored. The ABA routing checksum is the processor's business (the
 * sandbox checks it); the screen asks only for what the spec says.
 */
export const ROUTING_DIGITS = 9
export const ACCOUNT_MIN_DIGITS = 4
export const ACCOUNT_MAX_DIGITS = 17
/** Not in the spec; long enough for any printed check number. */
export const CHECK_NUMBER_MAX = 15

/** Spaces are ignored (spec): '021 000 021' is '021000021'. */
export function withoutSpaces(input: string): string {
  return input.replace(/\s+/g, '')
}

export function isRoutingNumber(input: string): boolean {
  return /^\d{9}$/.test(withoutSpaces(input))
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
