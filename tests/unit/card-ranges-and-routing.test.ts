import { describe, it, expect } from 'vitest'
import { cardTypeOf, isCardNumberPattern, maskCardNumber, type CardType } from '../../shared/payments/card'
import { abaRoutingValid } from '../../shared/payments/bank'
import { cardNumberProblem, paymentSchema, paymentFieldErrors, type PaymentContext } from '../../shared/payments/schemas/payment'
import { cardFormValues } from '../worker/payment-fixtures'
import { withCheckDigit } from '../support/luhn'

/** Luhn-valid 16-digit numbers from a prefix, for each range's edges. */
function card(prefix: string, length = 16): string {
  return withCheckDigit(prefix.padEnd(length - 1, '0'))
}

/**
 * Issue 20 item 11 (decision 165): the networks' current ranges. Visa 4; Mastercard 51-55 and
 * 2221-2720; Amex 34, 37; Discover 6011, 644-649, 65 and 622126-622925; Troy 9792 (spec 001); default Visa.
 */
describe('card type by the networks’ current ranges', () => {
  it.each<[string, CardType]>([
    ['4', 'Visa'],
    ['51', 'Mastercard'],
    ['55', 'Mastercard'],
    ['2221', 'Mastercard'],
    ['2500', 'Mastercard'],
    ['2720', 'Mastercard'],
    ['2220', 'Visa'],
    ['2721', 'Visa'],
    ['34', 'Amex'],
    ['37', 'Amex'],
    ['6011', 'Discover'],
    ['644', 'Discover'],
    ['649', 'Discover'],
    ['65', 'Discover'],
    ['622126', 'Discover'],
    ['622925', 'Discover'],
    ['622125', 'Visa'],
    ['622926', 'Visa'],
    ['643', 'Visa'],
    ['9792', 'Troy'],
  ])('%s… is %s', (prefix, type) => expect(cardTypeOf(card(prefix, prefix.startsWith('3') ? 15 : 16))).toBe(type))

  it.each([
    ['Mastercard 2221', card('2221')],
    ['Mastercard 2720', card('2720')],
    ['Mastercard 2-series test number', '2223003122003222'],
    ['Discover 644', card('644')],
    ['Discover 65', card('65')],
    ['Discover 622126', card('622126')],
    ['Discover 622925', card('622925')],
  ])('%s has a valid pattern', (_name, n) => expect(isCardNumberPattern(n)).toBe(true))

  it.each([
    ['2220 (below the 2-series)', card('2220')],
    ['2721 (above the 2-series)', card('2721')],
    ['622125 (below the co-branded range)', card('622125')],
    ['a 15-digit Mastercard', card('2221', 15)],
  ])('%s is not a valid number', (_name, n) => expect(isCardNumberPattern(n)).toBe(false))

  it('masks the new ranges 4-4-4-4', () => expect(maskCardNumber(card('2221'))).toMatch(/^2221 \d{4} \d{4} \d{4}$/))
})

describe("the spec's unsupported-type rule and messages (section 5 'Card'), now for every Discover range", () => {
  it.each([card('6011'), card('644'), card('65'), card('622126')])('%s on a homeowners policy', (n) =>
    expect(cardNumberProblem(n, false)).toBe('We do not currently support Discover as a payment option.'),
  )
  it.each([card('644'), card('65')])('%s on a flood policy is taken', (n) => expect(cardNumberProblem(n, true)).toBeNull())
  it('a 2-series Mastercard is taken on both', () => {
    expect(cardNumberProblem(card('2221'), false)).toBeNull()
    expect(cardNumberProblem(card('2720'), true)).toBeNull()
  })
})

/**
 * Issue 20 item 8: the ABA routing checksum with the 3-7-1 weights: 3(d1+d4+d7) + 7(d2+d5+d8) +
 * (d3+d6+d9) must be a multiple of 10.
 */
describe('ABA routing number checksum (3-7-1 weights)', () => {
  it.each([
    ['021000021', true], // 3(0+0+0) + 7(2+0+2) + (1+0+1) = 30
    ['011000015', true], // 3(0+0+0) + 7(1+0+1) + (1+0+5) = 20
    ['111000025', true], // 3(1+0+0) + 7(1+0+2) + (1+0+5) = 30
    ['021000022', false], // 31
    ['123456789', false], // 3(1+4+7) + 7(2+5+8) + (3+6+9) = 159
    ['02100002', false], // 8 digits
    ['02100002a', false],
  ])('%s: %s', (n, ok) => expect(abaRoutingValid(n)).toBe(ok))

  const ctx: PaymentContext = { isFlood: false, totalDueCents: 50000, pastDueCents: 0, emailOnFile: true, supportPhone: '1-800-555-0134', today: '2026-11-15' }
  const check = (routingNumber: string) =>
    cardFormValues({ type: 'check', amount: '100.00', cardNumber: '', routingNumber, checkNumber: '1001', accountNumber: '000123456789', authorizeDebit: true })

  it('a routing number failing the checksum is a field error on the routing-number field (the island shows it)', () => {
    const result = paymentSchema(ctx).safeParse(check('021000022'))
    expect(result.success).toBe(false)
    expect(paymentFieldErrors(result.error!)).toEqual({ routingNumber: 'Please use a valid Routing Number' })
  })
  it('a valid one, spaces ignored, passes', () => expect(paymentSchema(ctx).safeParse(check('021 000 021')).success).toBe(true))
  it('000000000 (passes the checksum, begins 00) is the same field error', () => {
    const result = paymentSchema(ctx).safeParse(check('000000000'))
    expect(paymentFieldErrors(result.error!)).toEqual({ routingNumber: 'Please use a valid Routing Number' })
  })
})

/** The 3-7-1 check digit that completes 8 digits: only the first two digits can refuse the number. */
function routing(first8: string): string {
  const d = [...first8].map(Number)
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]!)
  return `${first8}${(10 - (sum % 10)) % 10}`
}

/**
 * Issue 31 item 4 (decision 203): a bank's routing number begins with its Federal Reserve District, 01-12,
 * or 21-32 for a thrift (Regulation CC, 12 CFR 229 Appendix A), or 61-72 for the districts' electronic
 * transaction identifiers. 00 (the U.S. Government's checks and money orders) and 80 (traveler's cheques)
 * are no account to debit; every other pair is unassigned.
 */
describe('ABA routing number: the first two digits', () => {
  it.each([
    ['00', false],
    ['01', true],
    ['06', true],
    ['12', true],
    ['13', false],
    ['20', false],
    ['21', true],
    ['32', true],
    ['33', false],
    ['50', false],
    ['60', false],
    ['61', true],
    ['72', true],
    ['73', false],
    ['79', false],
    ['80', false],
    ['81', false],
    ['99', false],
  ])('%s: %s (with a right check digit)', (first2, ok) => {
    expect(abaRoutingValid(routing(`${first2}100002`))).toBe(ok)
  })

  it('exactly 36 of the 100 pairs begin a routing number the portal takes', () => {
    const taken = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')).filter((p) => abaRoutingValid(routing(`${p}000000`)))
    expect(taken).toHaveLength(36)
    expect(taken.map(Number).every((n) => (n >= 1 && n <= 12) || (n >= 21 && n <= 32) || (n >= 61 && n <= 72))).toBe(true)
  })

  it.each([
    ['000000000', false, 'all zeros: passes the checksum'],
    ['000000518', false, "the U.S. Treasury's checks"],
    ['800000006', false, "traveler's cheques (80): passes the checksum"],
    ['322271627', true, 'a thrift district (32)'],
    ['655060042', true, 'an electronic transaction identifier (65) in the FedACH directory'],
    ['121000358', true, 'San Francisco district (12)'],
  ])('%s: %s (%s)', (n, ok) => expect(abaRoutingValid(n)).toBe(ok))
})
