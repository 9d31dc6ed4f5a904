/**
 * THE card-number rule of the guard (PCI DSS 3.3/3.4; docs/decisions/113, 165, 189, 201): does a value
 * the portal is about to store, send or log hold what looks like a payment card number? It judges
 * DECODED values (after JSON, URL or multipart decoding; a header as it came), read as a person reads
 * them:
 * - digits after Unicode normalisation (NFKC: full-width, superscript, subscript, circled and
 *   mathematical digits read as 0-9), any other decimal digit (Arabic-Indic, ...) as its ASCII digit,
 *   and a JSON escape `\u0034` left inside a string as its digit;
 * - between two digits, any run of characters that are neither letters nor digits, of any length, is a
 *   separator (spaces however many, punctuation, symbols such as + ~ |, controls such as NUL,
 *   combining marks, invisible format characters); a letter ends a number, and so does a currency
 *   sign, which starts an amount;
 * - 13 to 19 digits of such a run, also inside a longer run, that start as a card does (2200-2204 or
 *   2221-2720, 3-6, or 9792 Troy) and pass the Luhn check. A number starts where a group of digits
 *   written together starts, or after its leading zeros (a 0 glued in front), and ends where a group
 *   ends, inside its own group (41111111111111111228: digits appended) or inside a longer last group
 *   of digits written in fours (4111 1111 1111 11111228).
 * No number starts inside a number of another kind written in its usual shape: a date (2026-11-27,
 * 11/27/2026, 27.11.2026, a camera's 20261127) and the time written after it (10:15:03.123), a North
 * American phone number (555-123-4567, (555) 123-4567), an amount (1,234.56, 1234.56, $1200). Without
 * that, dates and times followed by other digits, phone numbers or amounts side by side would be
 * refused one time in ten to one in two (decision 201's figures). Epoch milliseconds (13 digits
 * starting with 1) and policy and claim numbers (letters first) never match. Nor does an identifier
 * in hex with at least one of the letters a-f: a UUID (8-4-4-4-12) or 32 hex characters or more
 * written together (a payment's id, a digest). Read as digits and letters, one in 500 of them held a
 * Luhn-valid run: a policy change's review was refused for its own id, and a claims system's event had
 * its ids masked (decision 239).
 */

const MIN_DIGITS = 13
const MAX_DIGITS = 19
/** Each Unicode decimal digit; its value is its place in its block of ten (Unicode keeps them 0-9 in order). */
const ANY_DIGIT = /\p{Nd}/gu
const IS_DIGIT = /^\p{Nd}$/u
/** A digit written as a JSON or JavaScript escape inside a decoded string (a JSON text inside a field). */
const ESCAPED_DIGIT = /\\u003([0-9])/gi
/** After normalisation: digits, letters (which end a number), a currency sign (which starts an amount), or anything else (a separator). */
const TOKEN = /(\d+)|(\p{L}+)|(\p{Sc})|[^\d\p{L}\p{Sc}]+/gu
const CURRENCY = /\p{Sc}/u
/**
 * A UUID, or 32 or more hex characters together, holding a letter a-f, with no ASCII letter or digit
 * right before or after it: an identifier, not a number. ASCII boundaries, not Unicode properties: the
 * digits are ASCII by now, and the Unicode lookbehind made judging 64 KB of random text 50% slower.
 */
const HEX_IDENTIFIER =
  /(?<![\dA-Za-z])(?:(?=[\da-f-]{0,35}[a-f])[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}|(?=\d*[a-f])[\da-f]{32,})(?![\dA-Za-z])/gi
const IDENTIFIER_SPLIT = new RegExp(`(${HEX_IDENTIFIER.source})`, HEX_IDENTIFIER.flags)

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

/** The ASCII value of one Unicode decimal digit: its offset from the start of its run of digits, mod 10. */
function asciiDigit(ch: string): string {
  let start = ch.codePointAt(0)!
  const cp = start
  while (start > 0 && IS_DIGIT.test(String.fromCodePoint(start - 1))) start--
  return String((cp - start) % 10)
}

/** Every digit as ASCII (NFKC first, then any other decimal digit), escaped digits decoded; everything else as NFKC left it. */
export function normaliseDigits(value: string): string {
  return value
    .normalize('NFKC')
    .replace(ESCAPED_DIGIT, '$1')
    .replace(ANY_DIGIT, (ch) => (ch >= '0' && ch <= '9' ? ch : asciiDigit(ch)))
}

/** A group of digits written together, at `start` of its run's digits, and the separator written before it (a currency sign: an amount). */
interface Group {
  start: number
  digits: string
  gap: string
}

/** Digits joined by separators (no letter between them): all its digits in a row, and how they were grouped. */
interface Run {
  digits: string
  groups: Group[]
}

function digitRuns(text: string): Run[] {
  const runs: Run[] = []
  let run: Run | null = null
  let gap = ''
  for (const [token, digits, letters, currency] of text.matchAll(TOKEN)) {
    if (digits) {
      if (!run) {
        run = { digits: '', groups: [] }
        runs.push(run)
      }
      run.groups.push({ start: run.digits.length, digits, gap })
      run.digits += digits
      gap = ''
    } else if (letters || currency) {
      run = null
      gap = currency ?? ''
    } else {
      gap += token
    }
  }
  return runs
}

// Numbers of another kind, in their usual shapes (group by group).
const YEAR = /^(19|20)\d\d$/
/** A time written together: 1015, 101503, 101503123 (milliseconds). */
const COMPACT_TIME = '([01]\\d|2[0-3])[0-5]\\d([0-5]\\d\\d{0,3})?'
/** A date written together, perhaps with its time: a camera's 20261127, 20261127101503. */
const COMPACT_DATE = new RegExp(`^(19|20)\\d\\d(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])(${COMPACT_TIME})?$`)
const COMPACT_TIME_ONLY = new RegExp(`^${COMPACT_TIME}$`)
const PHONE_PART = /^[2-9]\d\d$/
const PHONE_GAP = /^[\s().-]{1,3}$/
const TIME_FRACTION_GAP = /^[.,]$/
/** A group of one or two digits from 1 to `max` (a day, a month, an hour). */
const upTo = (group: Group | undefined, max: number) => !!group && group.digits.length <= 2 && Number(group.digits) >= 1 && Number(group.digits) <= max
const minutes = (group: Group | undefined) => !!group && group.gap === ':' && /^[0-5]\d$/.test(group.digits)
const near = (group: Group | undefined) => !!group && group.gap.length <= 3

/** How many groups from `i` a date takes (year-month-day, day-month-year or month-day-year, or compact), or 0. */
function dateAt(groups: Group[], i: number): number {
  const [a, b, c] = [groups[i]!, groups[i + 1], groups[i + 2]]
  if (COMPACT_DATE.test(a.digits)) return 1
  if (!near(b) || !near(c)) return 0
  if (YEAR.test(a.digits) && upTo(b, 12) && upTo(c, 31)) return 3
  if (upTo(a, 31) && upTo(b, 31) && (upTo(a, 12) || upTo(b, 12)) && YEAR.test(c!.digits)) return 3
  return 0
}

/** How many groups from `i` the time written after a date takes (10:15, 10:15:03.123, or compact 101503123), or 0. */
function timeAt(groups: Group[], i: number): number {
  const h = groups[i]
  if (!near(h)) return 0
  if (COMPACT_TIME_ONLY.test(h!.digits)) return 1
  if (!(upTo(h, 23) || h!.digits === '0' || h!.digits === '00') || !minutes(groups[i + 1])) return 0
  let n = 2
  if (minutes(groups[i + n])) n++
  const fraction = groups[i + n]
  if (fraction && TIME_FRACTION_GAP.test(fraction.gap) && fraction.digits.length <= 9) n++
  return n
}

/** Whether a North American phone number (3-3-4 digits, written apart) starts at group `i`. */
function phoneAt(groups: Group[], i: number): boolean {
  const [a, b, c] = [groups[i]!, groups[i + 1], groups[i + 2]]
  return PHONE_PART.test(a.digits) && !!b && PHONE_PART.test(b.digits) && PHONE_GAP.test(b.gap) && !!c && /^\d{4}$/.test(c.digits) && PHONE_GAP.test(c.gap)
}

/**
 * How many groups from `i` an amount takes: thousands written apart (1,234 or 12,345,678, at most three
 * groups of three) and/or two decimals (1234.56, 1,234.56), or 0. Not an amount when another '.' group
 * follows (12.05.2026, 41.11.11...).
 */
function amountAt(groups: Group[], i: number): number {
  const whole = groups[i]!.digits
  let n = 1
  while (whole.length <= 3 && n <= 3 && groups[i + n]?.gap === ',' && /^\d{3}$/.test(groups[i + n]!.digits)) n++
  const cents = groups[i + n]
  const hasCents = !!cents && cents.gap === '.' && /^\d\d$/.test(cents.digits) && groups[i + n + 1]?.gap !== '.'
  if (hasCents && (n > 1 || whole.length <= 9)) return n + 1
  return n > 1 ? n : 0
}

/** Which digits of a run belong to a date (and its time), a phone number or an amount: no card number starts there. */
function otherNumbers(run: Run): Uint8Array {
  const marked = new Uint8Array(run.digits.length)
  const mark = (from: number, count: number) => {
    for (const g of run.groups.slice(from, from + count)) marked.fill(1, g.start, g.start + g.digits.length)
  }
  const { groups } = run
  for (let i = 0; i < groups.length; ) {
    const date = dateAt(groups, i)
    if (date) {
      // A date right after a date is the next date, not a time written compactly ('2026-03-02 2026-03-02').
      const time = i + date < groups.length && dateAt(groups, i + date) ? 0 : timeAt(groups, i + date)
      mark(i, date + time)
      i += date + time
    } else if (phoneAt(groups, i)) {
      mark(i, 3)
      i += 3
    } else {
      // After a currency sign ($1200), a number is an amount even without thousands or cents.
      const amount = CURRENCY.test(groups[i]!.gap) ? Math.max(amountAt(groups, i), 1) : amountAt(groups, i)
      mark(i, amount)
      i += Math.max(amount, 1)
    }
  }
  return marked
}

/**
 * Cards starting with 2 are only Mastercard's 2221-2720 and Mir's 2200-2204: a date or a time written from
 * its year (2026-11-27 10:15:30, a camera's IMG_20261127_101530) never starts as a card does.
 */
function startsAsACard(digits: string, at: number): boolean {
  const first = digits[at]
  if (first === '2') {
    const first4 = Number(digits.slice(at, at + 4))
    return (first4 >= 2200 && first4 <= 2204) || (first4 >= 2221 && first4 <= 2720)
  }
  return (first! >= '3' && first! <= '6') || digits.startsWith('9792', at)
}

/** Where a number may start in a group: its first digit, and its first digit after leading zeros (a 0 glued in front). */
function startsIn(group: Group): number[] {
  const zeros = /^0*/.exec(group.digits)![0].length
  return zeros > 0 && zeros < group.digits.length ? [group.start, group.start + zeros] : [group.start]
}

/**
 * Whether a number starting at `at`, in group `first`, may end before digit `end`: at the end of a group
 * (whole groups: 4111 1111 1111 1111), anywhere inside its own group (digits appended:
 * 41111111111111111228), or inside a later group of more than four digits when the digits before that
 * group are written in fours, as cards are (digits appended to the last group: 4111 1111 1111 11111228).
 * A number never ends inside a group otherwise: a list of order or tracking numbers would hold a window
 * that passes the Luhn check in one case out of four.
 */
function mayEnd(run: Run, groupOf: Uint32Array, first: number, at: number, end: number): boolean {
  const last = groupOf[end - 1]!
  const { groups } = run
  const lastGroup = groups[last]!
  if (end === lastGroup.start + lastGroup.digits.length || last === first) return true
  if (lastGroup.digits.length <= 4) return false
  const firstGroup = groups[first]!
  if (firstGroup.start + firstGroup.digits.length - at !== 4) return false
  for (let g = first + 1; g < last; g++) if (groups[g]!.digits.length !== 4) return false
  return true
}

function runHoldsCardNumber(run: Run): boolean {
  const { digits, groups } = run
  if (digits.length < MIN_DIGITS) return false
  const other = otherNumbers(run)
  const groupOf = new Uint32Array(digits.length)
  for (const [i, g] of groups.entries()) groupOf.fill(i, g.start, g.start + g.digits.length)
  for (let first = 0; first < groups.length; first++) {
    for (const at of startsIn(groups[first]!)) {
      if (other[at] || !startsAsACard(digits, at)) continue
      for (let end = at + MIN_DIGITS; end <= Math.min(digits.length, at + MAX_DIGITS); end++) {
        if (mayEnd(run, groupOf, first, at, end) && luhnValid(digits.slice(at, end))) return true
      }
    }
  }
  return false
}

/**
 * An ASCII value (NFKC leaves it as it is, and its only digits are 0-9) without an escaped digit
 * (`\u0034`), in which no stretch between two letters holds 13 digits: no card number can be read from
 * it, since a letter ends a number. Most headers and fields (a session token's base64 too) are such
 * values, and the guard judges every one on every request (issue 38), so they skip the full reading.
 */
function cannotHoldCardNumber(value: string): boolean {
  if (/\\u003/i.test(value)) return false
  let digits = 0
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c > 0x7f) return false
    if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) digits = 0
    else if (c >= 0x30 && c <= 0x39 && ++digits >= MIN_DIGITS) return false
  }
  return true
}

/** The full reading of one value, every rule above (findCardNumber skips it where it cannot find one). */
export function readCardNumber(value: string): boolean {
  // An identifier reads as one letter: it ends the numbers on either side of it and holds none.
  return digitRuns(normaliseDigits(value).replace(HEX_IDENTIFIER, 'x')).some(runHoldsCardNumber)
}

/** The text cut around its hex identifiers (the rule above), which stand at the odd places: for masking around them. */
export function splitAtIdentifiers(text: string): string[] {
  return text.split(IDENTIFIER_SPLIT)
}
/** Does this one value hold a card number, however its digits are written? */
export function findCardNumber(value: string): boolean {
  return !cannotHoldCardNumber(value) && readCardNumber(value)
}

/** A string holding JSON (a claim's submission sent as text) is read as its handler reads it: parsed. */
function embeddedJson(value: string): unknown {
  if (!/^\s*[[{]/.test(value)) return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

/**
 * The first field of a decoded value (a parsed JSON body, a form's fields, a query) that holds a card
 * number: its path ('billingAddress.address1', 'items.2'), or null. Keys are judged too (a key holding
 * one is named '(a field name)'), and a string holding JSON is judged as parsed too
 * ('claimSubmission.lossDescription'). A field whose path `accepts` is not judged (MakePayment's card
 * fields). Never returns the value.
 */
export function findCardNumberField(value: unknown, accepts: (path: string) => boolean = () => false, path = ''): string | null {
  if (typeof value === 'string') {
    if (path && accepts(path)) return null
    const json = embeddedJson(value)
    const inner = json === undefined ? null : findCardNumberField(json, accepts, path)
    return inner ?? (findCardNumber(value) ? path || '(body)' : null)
  }
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
