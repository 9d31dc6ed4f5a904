import { describe, it, expect } from 'vitest'
import { findCardNumber, findCardNumberField, normaliseDigits } from '../../shared/payments/pan'
import { withCheckDigit } from '../support/luhn'

/** Issues 20 and 31 (item 1): the guard judges decoded values, however the digits are written. */
const VISA = '4111111111111111'
const FULL_WIDTH = Array.from(VISA, (d) => String.fromCodePoint(0xff10 + Number(d))).join('')
const ARABIC_INDIC = Array.from(VISA, (d) => String.fromCodePoint(0x0660 + Number(d))).join('')
const MATH_MONOSPACE = Array.from(VISA, (d) => String.fromCodePoint(0x1d7f6 + Number(d))).join('')

/** Any 13-19 ASCII digits in a row, separators dropped, starting 3-6 or 2221-2720 and Luhn-valid (the check digit by tests/support). */
function naivelyHoldsCard(text: string): boolean {
  const digits = text.replace(/\D/g, '')
  for (let at = 0; at < digits.length; at++) {
    for (let end = at + 13; end <= Math.min(digits.length, at + 19); end++) {
      const n = digits.slice(at, end)
      const first4 = Number(n.slice(0, 4))
      if ((/^[3-6]/.test(n) || (first4 >= 2221 && first4 <= 2720)) && withCheckDigit(n.slice(0, -1)) === n) return true
    }
  }
  return false
}

describe('findCardNumber', () => {
  it.each([
    ['plain', VISA],
    ['in words', `my card is ${VISA}, thanks`],
    ['spaces', '4111 1111 1111 1111'],
    ['dots', '4111.1111.1111.1111'],
    ['dashes', '5555-5555-5555-4444'],
    ['non-breaking spaces', '4111\u00a01111\u00a01111\u00a01111'],
    ['narrow no-break and thin spaces', '4111\u202f1111\u20091111\u202f1111'],
    ['zero-width spaces', '4111\u200b1111\u200b1111\u200b1111'],
    ['slashes and " - "', '4111/1111 - 1111/1111'],
    ['full-width digits', FULL_WIDTH],
    ['Arabic-Indic digits', ARABIC_INDIC],
    ['mathematical monospace digits', MATH_MONOSPACE],
    ['JSON escapes left in a JSON text inside a field', '{"card":"\\u0034\\u0031\\u0031\\u0031111111111111"}'],
    ['Amex 4-6-5', '3782 822463 10005'],
    ['after other numbers', '12.05.2026 4111 1111 1111 1111'],
    ['followed by a short group', '4111 1111 1111 1111 2'],
    ['Mastercard 2-series', '2223 0031 2200 3222'],
    ['Mir', '2201 0000 0000 0003'],
    // Issue 31: separators of any kind and length, normalised digits, numbers inside longer runs.
    ['plus signs', '4111+1111+1111+1111'],
    ['tildes', '4111~1111~1111~1111'],
    ['bars', '4111|1111|1111|1111'],
    ['four or more spaces', '4111    1111     1111      1111'],
    ['NUL between the groups', '4111\u00001111\u00001111\u00001111'],
    ['a combining mark after each digit', Array.from(VISA, (d) => `${d}\u0301`).join('')],
    ['a separator between every digit', Array.from(VISA).join(' ~ ')],
    ['tabs and new lines', '4111\t1111\n1111\r\n1111'],
    ['mixed separators', '4111 1111-1111.1111'],
    ['superscript digits', '⁴¹¹¹ ¹¹¹¹ ¹¹¹¹ ¹¹¹¹'],
    ['subscript digits', '₄₁₁₁₁₁₁₁₁₁₁₁₁₁₁₁'],
    ['circled digits', '④①①① ①①①① ①①①① ①①①①'],
    ['keycap emoji', Array.from(VISA, (d) => `${d}\ufe0f\u20e3`).join('')],
    ['a leading 0', `0${VISA}`],
    ['leading zeros glued to the first group', '004111 1111 1111 1111'],
    ['four digits appended', `${VISA}1234`],
    ['a leading 0 and four digits appended', `0${VISA}1234`],
    ['digits appended to the last group', '4111 1111 1111 11111228'],
    ['digits inside a longer run (an id)', '41111111111111110000'],
    ['after a date', '2026-11-27 4111 1111 1111 1111'],
    ['after a phone number', '555-123-4567 4111 1111 1111 1111'],
  ])('finds %s', (_name, text) => expect(findCardNumber(text)).toBe(true))

  it.each([
    ['epoch milliseconds', '1763900000000'],
    ['a policy number', 'HOM4010001'],
    ['a phone number', '1-800-555-0134'],
    ['a number failing Luhn', '4111111111111112'],
    ['a bank account number', '000123456789'],
    ['a routing number', '021000021'],
    ['an amount', '1,234.56'],
    ['a date and a time', '11/27/2026 10:15:30'],
    // 20261127101503 passes the Luhn check, but no card starts with 2026.
    ['a date and a time from the year', '2026-11-27 10:15:03'],
    ["a camera's file name", 'IMG_20261127_101503.jpg'],
    ['groups far apart', '4111 and then 1111 1111 1111'],
  ])('leaves %s alone', (_name, text) => expect(findCardNumber(text)).toBe(false))

  // Each of these holds 13-19 digits in a row (separators dropped) that start as a card does and pass
  // the Luhn check: read that naively, each would be refused.
  it.each([
    ['a date and a time with milliseconds, then a count', '2026-11-27 10:48:55.347 969180'],
    ['a US date and time, then a count', '11/27/2026 10:56:58 631750'],
    ['a European date and time, then a count', '27.11.2026 10:15:24, 070'],
    ["a phone camera's file name with milliseconds", 'PXL_20261125_101537186.jpg'],
    ['two phone numbers', '555-500-5636, 555-301-9100'],
    ['two phone numbers in brackets', '(555) 360-3968 / (555) 477-2713'],
    ['amounts', '8,926.33, 7,882.58, 4,699.79'],
    ['amounts with dollar signs', '$3616, $124, $4147, $23'],
    ['claim numbers', 'HO-2026-548468, HO-2026-669690'],
    ['a 22-digit tracking number', '9400111899223344556677'],
  ])('leaves %s alone', (_name, text) => {
    expect(naivelyHoldsCard(text)).toBe(true)
    expect(findCardNumber(text)).toBe(false)
  })

  it('reads every decimal digit as its ASCII value', () => {
    expect(normaliseDigits('⁴¹¹¹ ₁₁₁₁ ①①①①')).toBe('4111 1111 1111')
    expect(normaliseDigits(FULL_WIDTH)).toBe(VISA)
    expect(normaliseDigits(ARABIC_INDIC)).toBe(VISA)
    expect(normaliseDigits(MATH_MONOSPACE)).toBe(VISA)
  })
})

describe('findCardNumberField: names the field, never the value', () => {
  it('walks objects, arrays and keys', () => {
    expect(findCardNumberField({ a: 'x', b: { c: ['ok', `pay ${VISA}`] } })).toBe('b.c.1')
    expect(findCardNumberField({ a: { [VISA]: 'x' } })).toBe('a.(a field name)')
    expect(findCardNumberField({ n: 4111111111111111 })).toBe('n')
    expect(findCardNumberField('4111 1111 1111 1111')).toBe('(body)')
    expect(findCardNumberField({ a: 'nothing here', b: 12 })).toBeNull()
  })

  it('judges a string holding JSON as parsed too: escapes of any digit are decoded as its handler decodes them', () => {
    const escapedFullWidth = Array.from(VISA, (d) => `\\uff1${d}`).join('')
    const submission = `{"lossDescription":"card ${escapedFullWidth}"}`
    expect(findCardNumber(submission)).toBe(false)
    expect(findCardNumberField({ claimSubmission: submission })).toBe('claimSubmission.lossDescription')
    expect(findCardNumberField({ claimSubmission: '{"lossDescription":"a pipe burst"}' })).toBeNull()
  })

  it('leaves the fields a route accepts card data in alone, and only those', () => {
    const accepts = (path: string) => path === 'creditCardNumber' || path === 'cvv'
    expect(findCardNumberField({ creditCardNumber: VISA, cvv: '123' }, accepts)).toBeNull()
    expect(findCardNumberField({ creditCardNumber: VISA, billingName: FULL_WIDTH }, accepts)).toBe('billingName')
  })
})

describe('the short way for plain values (issue 38)', () => {
  it('still reads a 13-digit card in ASCII and a card written in other digits or escapes', () => {
    expect(findCardNumber('4222222222222')).toBe(true)
    expect(findCardNumber('card 4222 2222 22222 ok')).toBe(true)
    expect(findCardNumber('４１１１１１１１１１１１１１１１')).toBe(true)
    expect(findCardNumber('\\u0034111111111111111')).toBe(true)
  })
  it('passes ASCII values with fewer than 13 digits without reading them', () => {
    expect(findCardNumber('422222222222')).toBe(false)
    expect(findCardNumber('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36')).toBe(false)
  })
})

describe('the short way for values whose letters split every run of digits (issue 38)', () => {
  it('passes a token whose digits sit between letters and still reads a card between two letters', () => {
    expect(findCardNumber('eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIxMjM0NTY3ODkwMTIzNDU2In0.a1b2c3d4e5f6g7h8i9j0k1l2m3')).toBe(false)
    expect(findCardNumber('ref4111111111111111end')).toBe(true)
    expect(findCardNumber('a4111-1111-1111-1111b')).toBe(true)
  })
})

describe('identifiers in hex are not numbers (decision 239)', () => {
  // Each of these was refused as a card number: its digits between the letters a-f hold a Luhn-valid run.
  it.each([
    ['a policy change id', 'pc_35665a60-5d53-4523-8324-622a0a44ca9a'],
    ['a UUID in capitals', '7E2AD2F6-7806-4437-8185-335F58BFEC7A'],
    ['a payment id', 'pay_246f2578958729652a3b689211bf8542'],
    ["an island's Idempotency-Key", 'c067fa3054d51989950485324516ebc6'],
    ['a SHA-256 in hex', '0a384801940c98570fe4d2412051479e326960737687686bafb3091de1b97510'],
    ['a query string', 'change=pc_35665a60-5d53-4523-8324-622a0a44ca9a&from=pay_246f2578958729652a3b689211bf8542'],
  ])('leaves %s alone', (_name, text) => {
    expect(naivelyHoldsCard(text.replace(/[a-f]/gi, ' '))).toBe(true)
    expect(findCardNumber(text)).toBe(false)
  })

  it('still reads a card beside an identifier, inside an identifier of digits only, and glued to one', () => {
    expect(findCardNumber(`pc_35665a60-5d53-4523-8324-622a0a44ca9a ${VISA}`)).toBe(true)
    expect(findCardNumber(`${VISA}-pc_35665a60-5d53-4523-8324-622a0a44ca9a`)).toBe(true)
    expect(findCardNumber('41111111-1111-1111-1111-111111111111')).toBe(true)
    expect(findCardNumber('41111111111111110000000000000000')).toBe(true)
    expect(findCardNumber(`x${VISA}0a384801940c98570fe4d2412051479e`)).toBe(true)
    // 31 hex characters are not an identifier: read as digits and letters.
    expect(findCardNumber(`${VISA}abcdef012345678`)).toBe(true)
  })
})
