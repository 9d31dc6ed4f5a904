import { findCardNumber, splitAtIdentifiers } from './pan'

/**
 * Text the portal must keep although it holds a card number (issue 31 item 6: the carrier's signed claim
 * events, which cannot be refused: the carrier would deliver them again forever). Where a number is, is
 * decided by the one card-number rule (findCardNumber, shared/payments/pan.ts), asked about parts of the
 * text, so this file never holds a second idea of what a card number looks like.
 */

/** What stands where a number was: no digit, so nothing of it is kept (not even the last four). */
export const CARD_NUMBER_MASK = '[card number removed]'

/** More numbers than any real note holds: past it the whole text is replaced (the rule is never outrun). */
const MAX_NUMBERS = 20

/** A numeral of any script, painted over with the number it touches (never a reason to call one a number). */
const NUMERAL = /^\p{N}$/u

/** The numeral starting at `i` (a surrogate pair counts as one), or null. */
function numeralAt(text: string, i: number): string | null {
  const cp = text.codePointAt(i)
  const ch = cp === undefined ? '' : String.fromCodePoint(cp)
  return NUMERAL.test(ch) ? ch : null
}

/** The numeral ending at `i`, or null. */
function numeralBefore(text: string, i: number): string | null {
  if (i <= 0) return null
  const two = i >= 2 ? text.slice(i - 2, i) : ''
  const ch = two.length === 2 && Array.from(two).length === 1 ? two : text.slice(i - 1, i)
  return NUMERAL.test(ch) ? ch : null
}

/**
 * The stretch of `text` to replace: the shortest the rule calls a card number (the first end at which a
 * prefix holds one, then the last start from which that prefix's tail still does), widened over the
 * numerals touching it, since the shortest stretch may end inside a group ('4111 1111 1111 1' of a
 * 16-digit number). Null when the text holds none.
 */
function firstNumberSpan(text: string): { start: number; end: number } | null {
  if (!findCardNumber(text)) return null
  let end = 1
  while (end < text.length && !findCardNumber(text.slice(0, end))) end++
  let start = end - 1
  while (start > 0 && !findCardNumber(text.slice(start, end))) start--
  for (let ch = numeralAt(text, end); ch; ch = numeralAt(text, end)) end += ch.length
  for (let ch = numeralBefore(text, start); ch; ch = numeralBefore(text, start)) start -= ch.length
  return { start, end }
}

/**
 * The text with every card number the rule finds replaced by CARD_NUMBER_MASK; unchanged when none. The
 * text between hex identifiers is masked piece by piece, so an id beside a number is kept whole (a prefix
 * of it is no identifier to the rule, decision 239).
 */
export function maskCardNumbers(text: string): string {
  return splitAtIdentifiers(text)
    .map((piece, i) => (i % 2 === 1 ? piece : maskPiece(piece)))
    .join('')
}

function maskPiece(text: string): string {
  let out = text
  for (let i = 0; i < MAX_NUMBERS; i++) {
    const span = firstNumberSpan(out)
    if (!span) return out
    out = out.slice(0, span.start) + CARD_NUMBER_MASK + out.slice(span.end)
  }
  return findCardNumber(out) ? CARD_NUMBER_MASK : out
}

/**
 * Every string inside a value (a parsed JSON document: objects, arrays, strings, numbers, booleans,
 * null) with its card numbers masked, and the paths of the strings that held one ('adjuster.name',
 * 'items.2'). Keys and other values are kept as they are.
 */
export function maskCardNumbersIn<T>(value: T): { value: T; masked: string[] } {
  const masked: string[] = []
  const walk = (v: unknown, path: string): unknown => {
    if (typeof v === 'string') {
      const m = maskCardNumbers(v)
      if (m !== v) masked.push(path || '(value)')
      return m
    }
    if (Array.isArray(v)) return v.map((item, i) => walk(item, path ? `${path}.${i}` : String(i)))
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, path ? `${path}.${k}` : k)]))
    return v
  }
  return { value: walk(value, '') as T, masked }
}
