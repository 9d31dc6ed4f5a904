/**
 * Card rules of spec 001 (section 4 "Payment flow", section 5 "Card", section 9): the type from the
 * number's prefix, the 4-6-5 / 4-4-4-4 mask, the number patterns, which types a policy may not use,
 * and the CVV length.
 */
export type CardType = 'Visa' | 'Amex' | 'Mastercard' | 'Discover' | 'Troy'

/** How each type is named on the screen and in messages ('We do not currently support {TYPE} ...'). */
export const CARD_TYPE_NAMES: Readonly<Record<CardType, string>> = {
  Visa: 'Visa',
  Amex: 'American Express',
  Mastercard: 'Mastercard',
  Discover: 'Discover',
  Troy: 'Troy',
}

/** Digits only: what the user typed without the mask's spaces (or anything else). */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '')
}

/** Does the number start inside [low, high], compared on its first `digits` digits? */
function startsBetween(d: string, digits: number, low: number, high: number): boolean {
  if (d.length < digits) return false
  const prefix = Number(d.slice(0, digits))
  return prefix >= low && prefix <= high
}

/** Mastercard: 51-55 (spec 001 section 4) and the 2-series 2221-2720 (the network's current range, decision 165). */
function isMastercardPrefix(d: string): boolean {
  return startsBetween(d, 2, 51, 55) || startsBetween(d, 4, 2221, 2720)
}

/** Discover: 6011 (spec 001 section 4) and 644-649, 65, 622126-622925 (the network's current ranges, decision 165). */
function isDiscoverPrefix(d: string): boolean {
  return d.startsWith('6011') || startsBetween(d, 3, 644, 649) || d.startsWith('65') || startsBetween(d, 6, 622126, 622925)
}

/**
 * The type from the number's prefix. Spec 001 section 4 lists 4 Visa; 34 or 37 Amex; 51-55 Mastercard;
 * 6011 Discover; 9792 Troy; default Visa. Its table predates the networks' current ranges, which are
 * detected too (decision 165): Mastercard 2221-2720; Discover 644-649, 65 and 622126-622925.
 */
export function cardTypeOf(input: string): CardType {
  const d = cardDigits(input)
  if (/^3[47]/.test(d)) return 'Amex'
  if (isMastercardPrefix(d)) return 'Mastercard'
  if (isDiscoverPrefix(d)) return 'Discover'
  if (d.startsWith('9792')) return 'Troy'
  return 'Visa'
}

const GROUPS: Readonly<Record<'Amex' | 'other', readonly number[]>> = { Amex: [4, 6, 5], other: [4, 4, 4, 4] }

/** The most digits the mask takes: 15 for Amex (4-6-5), 16 otherwise (4-4-4-4). */
function cardMaxDigits(type: CardType): number {
  return (type === 'Amex' ? GROUPS.Amex : GROUPS.other).reduce((a, b) => a + b, 0)
}

/** Spec 001 section 4: the number as typed, masked 4-6-5 for Amex and 4-4-4-4 otherwise; extra digits are dropped. */
export function maskCardNumber(input: string): string {
  const type = cardTypeOf(input)
  const digits = cardDigits(input).slice(0, cardMaxDigits(type))
  const out: string[] = []
  let at = 0
  for (const size of type === 'Amex' ? GROUPS.Amex : GROUPS.other) {
    if (at >= digits.length) break
    out.push(digits.slice(at, at + size))
    at += size
  }
  return out.join(' ')
}

/** The full number pattern of each type ('Please enter a valid credit card number' otherwise). */
const CARD_PATTERNS: Readonly<Record<CardType, RegExp>> = {
  Visa: /^4\d{12}(\d{3})?$/,
  Mastercard: /^(5[1-5]\d{2}|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)\d{12}$/,
  Amex: /^3[47]\d{13}$/,
  Discover: /^(6011\d{12}|64[4-9]\d{13}|65\d{14}|622(12[6-9]|1[3-9]\d|[2-8]\d{2}|9[01]\d|92[0-5])\d{10})$/,
  Troy: /^9792\d{12}$/,
}

export function isCardNumberPattern(input: string): boolean {
  const digits = cardDigits(input)
  return CARD_PATTERNS[cardTypeOf(digits)].test(digits)
}

/** Spec 001 section 5 "Card": Troy on flood policies; Discover and Troy on the others. */
export function unsupportedCardTypes(isFlood: boolean): readonly CardType[] {
  return isFlood ? ['Troy'] : ['Discover', 'Troy']
}

/** Spec 001 section 9: CVV 3 digits, 4 for Amex. */
export function cvvLength(type: CardType): 3 | 4 {
  return type === 'Amex' ? 4 : 3
}

/** The last four digits (of a card or bank account), for the screen, receipts and storage. */
export function lastFour(input: string): string {
  return cardDigits(input).slice(-4)
}
