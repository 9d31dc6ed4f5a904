import { describe, it, expect } from 'vitest'
import { findCardNumber, findCardNumberField, normaliseDigits } from '../../shared/payments/pan'

/** Issue 20 item 1: the guard judges decoded values, however the digits are written. */
const VISA = '4111111111111111'
const FULL_WIDTH = Array.from(VISA, (d) => String.fromCodePoint(0xff10 + Number(d))).join('')
const ARABIC_INDIC = Array.from(VISA, (d) => String.fromCodePoint(0x0660 + Number(d))).join('')
const MATH_MONOSPACE = Array.from(VISA, (d) => String.fromCodePoint(0x1d7f6 + Number(d))).join('')

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
  ])('finds %s', (_name, text) => expect(findCardNumber(text)).toBe(true))

  it.each([
    ['epoch milliseconds', '1763900000000'],
    ['a policy number', 'HOM4010001'],
    ['a phone number', '1-800-555-0134'],
    ['a number failing Luhn', '4111111111111112'],
    ['a bank account number', '000123456789'],
    ['a routing number', '021000021'],
    ['digits inside a longer run (an id)', '41111111111111110000'],
    ['an amount', '1,234.56'],
    ['a date and a time', '11/27/2026 10:15:30'],
    // 20261127101503 passes the Luhn check, but no card starts with 2026.
    ['a date and a time from the year', '2026-11-27 10:15:03'],
    ["a camera's file name", 'IMG_20261127_101503.jpg'],
    ['groups far apart', '4111 and then 1111 1111 1111'],
  ])('leaves %s alone', (_name, text) => expect(findCardNumber(text)).toBe(false))

  it('reads every decimal digit as its ASCII value', () => {
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

  it('leaves the fields a route accepts card data in alone, and only those', () => {
    const accepts = (path: string) => path === 'creditCardNumber' || path === 'cvv'
    expect(findCardNumberField({ creditCardNumber: VISA, cvv: '123' }, accepts)).toBeNull()
    expect(findCardNumberField({ creditCardNumber: VISA, billingName: FULL_WIDTH }, accepts)).toBe('billingName')
  })
})
