/**
 * THE card-number rule of the guard (PCI DSS 3.3/3.4; docs/decisions/113, 165): does a value the
 * portal is about to store, send or log hold what looks like a payment card number? It judges DECODED
 * values (after JSON, URL or multipart decoding), with the digits normalised: any Unicode decimal digit
 * (full-width, Arabic-Indic, ...) reads as its ASCII digit, a JSON escape `\u0034` left inside a string
 * reads as its digit, and the digits may be split by separators (spaces of any kind incl. NBSP, dots,
 * dashes, slashes, commas, invisible format characters). A number is 13 to 19 digits made of whole
 * groups, starting as a card does (2200-2204 or 2221-2720, 3-6, or 9792 Troy) and passing the Luhn
 * check. Epoch milliseconds (13 digits starting with 1), dates and times written from their year,
 * policy numbers (letters first) and longer digit runs (ids) never match.
 */

/** Up to this many separator characters between two digits of one number. */
const MAX_SEPARATOR = 3
const SEPARATOR = /^[\s\p{Z}\p{P}\p{Cf}]+$/u
/** Each Unicode decimal digit; its value is its place in its block of ten (Unicode keeps them 0-9 in order). */
const ANY_DIGIT = /\p{Nd}/gu
const IS_DIGIT = /^\p{Nd}$/u
/** A digit written as a JSON or JavaScript escape inside a decoded string (a JSON text inside a field). */
const ESCAPED_DIGIT = /\\u003([0-9])/gi

export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/**
 * Cards starting with 2 are only Mastercard's 2221-2720 and Mir's 2200-2204: a date or a time written from
 * its year (2026-11-27 10:15:30, a camera's IMG_20261127_101530) never starts as a card does.
 */
function startsAsACard(digits: string): boolean {
  if (digits.startsWith('2')) {
    const first4 = Number(digits.slice(0, 4))
    return (first4 >= 2200 && first4 <= 2204) || (first4 >= 2221 && first4 <= 2720)
  }
  return /^[3-6]/.test(digits) || digits.startsWith('9792')
}

function looksLikeCardNumber(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && startsAsACard(digits) && luhnValid(digits)
}

/** The ASCII value of one Unicode decimal digit: its offset from the start of its run of digits, mod 10. */
function asciiDigit(ch: string): string {
  let start = ch.codePointAt(0)!
  const cp = start
  while (start > 0 && IS_DIGIT.test(String.fromCodePoint(start - 1))) start--
  return String((cp - start) % 10)
}

/** Every decimal digit as ASCII, escaped digits decoded; everything else as it was. */
export function normaliseDigits(value: string): string {
  return value.replace(ESCAPED_DIGIT, '$1').replace(ANY_DIGIT, (ch) => (ch >= '0' && ch <= '9' ? ch : asciiDigit(ch)))
}

/** The runs of digit groups in a text: groups joined by short separators belong to one run. */
function digitRuns(text: string): string[][] {
  const runs: string[][] = []
  let groups: string[] = []
  for (const part of text.split(/(\d+)/)) {
    if (part === '') continue
    if (/^\d/.test(part)) groups.push(part)
    else if (groups.length && !(part.length <= MAX_SEPARATOR && SEPARATOR.test(part))) {
      runs.push(groups)
      groups = []
    }
  }
  if (groups.length) runs.push(groups)
  return runs
}

/** Does any sequence of whole groups of a run make a card number? */
function runHoldsCardNumber(groups: string[]): boolean {
  for (let first = 0; first < groups.length; first++) {
    let digits = ''
    for (let last = first; last < groups.length && digits.length < 19; last++) {
      digits += groups[last]
      if (looksLikeCardNumber(digits)) return true
    }
  }
  return false
}

/** Does this one value hold a card number, however its digits are written? */
export function findCardNumber(value: string): boolean {
  return digitRuns(normaliseDigits(value)).some(runHoldsCardNumber)
}

/**
 * The first field of a decoded value (a parsed JSON body, a form's fields, a query) that holds a card
 * number: its path ('billingAddress.address1', 'items.2'), or null. Keys are judged too (a key holding
 * one is named '(a field name)'). A field whose
 * path `accepts` is not judged (MakePayment's card fields). Never returns the value.
 */
export function findCardNumberField(value: unknown, accepts: (path: string) => boolean = () => false, path = ''): string | null {
  if (typeof value === 'string') return path && accepts(path) ? null : findCardNumber(value) ? path || '(body)' : null
  if (typeof value === 'number') return findCardNumberField(String(value), accepts, path)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findCardNumberField(value[i], accepts, join(path, String(i)))
      if (found) return found
    }
    return null
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (findCardNumber(key)) return join(path, '(a field name)')
      const found = findCardNumberField(item, accepts, join(path, key))
      if (found) return found
    }
  }
  return null
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key
}
