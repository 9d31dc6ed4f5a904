import { describe, it, expect } from 'vitest'
import { cardTypeOf, maskCardNumber, isCardNumberPattern, unsupportedCardTypes, cvvLength, lastFour, cardDigits } from '../../shared/payments/card'
import { centsToDollars, dollarsToCents, maskDollars, parseDollars } from '../../shared/payments/money'
import { amountProblem, amountRule, suggestedAmountCents } from '../../shared/payments/amount'
import { EXPIRY_MONTHS, expirationDate, expiryYears, isExpired, parseExpirationDate } from '../../shared/payments/expiry'
import { isAccountNumber, isRoutingNumber, withoutSpaces } from '../../shared/payments/bank'
import { makePaymentGate, type GateFacts } from '../../shared/payments/gate'
import { bankAuthorizationText } from '../../shared/payments/authorization'
import { US_STATES } from '../../shared/us-states'
import { localDate, localDateTime } from '../../shared/clock'
import { instantOf } from '../support/instant'

describe("card type from the prefix (spec 001 section 4, with the networks' current ranges of decision 165: tests/unit/card-ranges-and-routing.test.ts)", () => {
  it.each([
    ['4', 'Visa'],
    ['4111 1111', 'Visa'],
    ['34', 'Amex'],
    ['37', 'Amex'],
    ['3', 'Visa'],
    ['35', 'Visa'],
    ['51', 'Mastercard'],
    ['55', 'Mastercard'],
    ['50', 'Visa'],
    ['56', 'Visa'],
    ['6011', 'Discover'],
    ['601', 'Visa'],
    ['6500', 'Discover'], // 65: a current Discover range (decision 165)
    ['6400', 'Visa'],
    ['9792', 'Troy'],
    ['979', 'Visa'],
    ['', 'Visa'],
    ['12345', 'Visa'],
  ])('%j is %s', (input, type) => expect(cardTypeOf(input)).toBe(type))
})

describe('card number mask (spec 001 section 4: 4-6-5 for Amex, 4-4-4-4 otherwise)', () => {
  it.each([
    ['4', '4'],
    ['41111', '4111 1'],
    ['4111111111111111', '4111 1111 1111 1111'],
    ['41111111111111119999', '4111 1111 1111 1111'],
    ['4111-1111 1111x1111', '4111 1111 1111 1111'],
    ['3782', '3782'],
    ['37828', '3782 8'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822463100059', '3782 822463 10005'],
    ['5555555555554444', '5555 5555 5555 4444'],
    ['', ''],
  ])('%j -> %j', (input, masked) => expect(maskCardNumber(input)).toBe(masked))

  it('the digits come back without the spaces (the payload sends them so)', () => {
    expect(cardDigits('3782 822463 10005')).toBe('378282246310005')
    expect(lastFour('4111 1111 1111 1234')).toBe('1234')
  })
})

describe('card number patterns (spec 001 section 5 "Card")', () => {
  it.each([
    ['4111111111111111', true],
    ['4222222222222', true],
    ['411111111111111', false],
    ['5555555555554444', true],
    ['555555555555444', false],
    ['378282246310005', true],
    ['37828224631000', false],
    ['6011111111111117', true],
    ['9792000000000000', true],
    ['1234567890123456', false],
    ['', false],
  ])('%s valid: %s', (n, ok) => expect(isCardNumberPattern(n)).toBe(ok))

  it('unsupported: Troy on flood policies; Discover and Troy on the others', () => {
    expect(unsupportedCardTypes(true)).toEqual(['Troy'])
    expect(unsupportedCardTypes(false)).toEqual(['Discover', 'Troy'])
  })

  it('CVV 4 digits for Amex, 3 otherwise (section 9)', () => {
    expect(cvvLength('Amex')).toBe(4)
    for (const t of ['Visa', 'Mastercard', 'Discover', 'Troy'] as const) expect(cvvLength(t)).toBe(3)
  })
})

describe('dollars and cents: converted once, by string arithmetic (decision 003)', () => {
  it.each([
    ['1234.56', 123456],
    ['$1,234.56', 123456],
    ['1,234', 123400],
    ['12', 1200],
    ['12.5', 1250],
    ['12.', 1200],
    ['.5', 50],
    ['0.07', 7],
    [' 15000.00 ', 1500000],
    ['', null],
    ['.', null],
    ['12.345', null],
    ['1.2.3', null],
    ['-5', null],
    ['abc', null],
    ['1,23.00', null],
    ['1e3', null],
  ])('parseDollars(%j) = %j', (text, cents) => expect(parseDollars(text)).toBe(cents))

  it.each([
    [1234.56, 123456],
    [0.1, 10],
    [19.99, 1999],
    [15000, 1500000],
    [0.1 + 0.2, null],
    [1e21, null],
    [-1, null],
    [Number.NaN, null],
    ['987.65', 98765],
  ])('dollarsToCents(%j) = %j', (value, cents) => expect(dollarsToCents(value)).toBe(cents))

  it.each([
    [123456, '1234.56'],
    [5, '0.05'],
    [100, '1.00'],
    [0, '0.00'],
  ])('centsToDollars(%i) = %s', (cents, text) => expect(centsToDollars(cents)).toBe(text))

  it('every cent fraction at every magnitude up to the cap survives the round trip through the payload number', () => {
    const wrong: number[] = []
    for (const dollars of [0, 1, 9, 10, 99, 100, 999, 1234, 4567, 9999, 12345, 14999, 15000]) {
      for (let c = 0; c < 100; c += 1) {
        const cents = dollars * 100 + c
        if (dollarsToCents(Number(centsToDollars(cents))) !== cents) wrong.push(cents)
      }
    }
    expect(wrong).toEqual([])
  })

  it.each([
    ['$1,234.567', '1234.56'],
    ['12.3.4', '12.34'],
    ['abc12', '12'],
    ['1234567890123', '123456789'],
  ])('the amount mask keeps %j as %j', (typed, kept) => expect(maskDollars(typed)).toBe(kept))
})

describe('amount rules (spec 001 section 5 "Payment (common)", section 9)', () => {
  it('not flood: at least the past due, at most the total due', () => {
    const rule = amountRule({ isFlood: false, totalDueCents: 72000, pastDueCents: 12000 })
    expect(rule).toEqual({ kind: 'range', minCents: 12000, maxCents: 72000 })
    expect(amountProblem(rule, 11999)).toEqual({ kind: 'too-low', boundCents: 12000 })
    expect(amountProblem(rule, 12000)).toBeNull()
    expect(amountProblem(rule, 72000)).toBeNull()
    expect(amountProblem(rule, 72001)).toEqual({ kind: 'too-high', boundCents: 72000 })
  })

  it('not flood, nothing past due: at least 1 dollar', () => {
    const rule = amountRule({ isFlood: false, totalDueCents: 60000, pastDueCents: 0 })
    expect(rule).toEqual({ kind: 'range', minCents: 100, maxCents: 60000 })
    expect(amountProblem(rule, 99)).toEqual({ kind: 'too-low', boundCents: 100 })
  })

  it('not flood: the maximum is capped at 15000 per payment', () => {
    const rule = amountRule({ isFlood: false, totalDueCents: 2_000_000, pastDueCents: 0 })
    expect(rule).toEqual({ kind: 'range', minCents: 100, maxCents: 1_500_000 })
    expect(amountProblem(rule, 1_500_001)).toEqual({ kind: 'too-high', boundCents: 1_500_000 })
  })

  it('flood: exactly the total due, capped at 15000', () => {
    expect(amountRule({ isFlood: true, totalDueCents: 87600, pastDueCents: 0 })).toEqual({ kind: 'exact', cents: 87600 })
    expect(amountRule({ isFlood: true, totalDueCents: 1_600_000, pastDueCents: 0 })).toEqual({ kind: 'exact', cents: 1_500_000 })
    const rule = amountRule({ isFlood: true, totalDueCents: 87600, pastDueCents: 0 })
    expect(amountProblem(rule, 87599)).toEqual({ kind: 'flood-too-low' })
    expect(amountProblem(rule, 87601)).toEqual({ kind: 'flood-too-high', boundCents: 87600 })
    expect(amountProblem(rule, 87600)).toBeNull()
  })

  it('a minimum above the maximum comes down to it, so one amount is always payable (decision 110)', () => {
    expect(amountRule({ isFlood: false, totalDueCents: 2_500_000, pastDueCents: 1_800_000 })).toEqual({
      kind: 'range',
      minCents: 1_500_000,
      maxCents: 1_500_000,
    })
    expect(amountRule({ isFlood: false, totalDueCents: 50, pastDueCents: 0 })).toEqual({ kind: 'range', minCents: 50, maxCents: 50 })
  })

  it('the field starts with the amount the payment-due box shows, kept within the rule', () => {
    const rule = amountRule({ isFlood: false, totalDueCents: 72000, pastDueCents: 12000 })
    expect(suggestedAmountCents(rule, 24000)).toBe(24000)
    expect(suggestedAmountCents(rule, 5000)).toBe(12000)
    expect(suggestedAmountCents(rule, 90000)).toBe(72000)
    expect(suggestedAmountCents({ kind: 'exact', cents: 87600 }, 1000)).toBe(87600)
  })
})

describe('card expiry (spec 001 section 4 and 9: 12 years starting with the current year)', () => {
  it('offers months 01-12 and 12 years from this year, from the date it is given', () => {
    expect(EXPIRY_MONTHS).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'])
    expect(expiryYears('2026-11-15')).toEqual(['2026', '2027', '2028', '2029', '2030', '2031', '2032', '2033', '2034', '2035', '2036', '2037'])
    expect(expiryYears('2031-01-01')[0]).toBe('2031')
  })

  it.each([
    ['10', '2026', true],
    ['11', '2026', false],
    ['12', '2026', false],
    ['01', '2027', false],
    ['12', '2025', true],
  ])('on 2026-11-15, %s/%s expired: %s', (m, y, expired) => expect(isExpired(m, y, '2026-11-15')).toBe(expired))

  it('expirationDate is MM/01/YYYY (section 3) and reads back', () => {
    expect(expirationDate('07', '2029')).toBe('07/01/2029')
    expect(parseExpirationDate('07/01/2029')).toEqual({ month: '07', year: '2029' })
    expect(parseExpirationDate('13/01/2029')).toBeNull()
    expect(parseExpirationDate('07/2029')).toBeNull()
  })
})

describe('check fields (spec 001 section 5 "Check": spaces ignored)', () => {
  it.each([
    ['021000021', true],
    ['021 000 021', true],
    ['02100002', false],
    ['0210000210', false],
    ['02100002a', false],
  ])('routing %j valid: %s', (n, ok) => expect(isRoutingNumber(n)).toBe(ok))

  it.each([
    ['1234', true],
    ['12345678901234567', true],
    ['1234 5678 9012 3456 7', true],
    ['123', false],
    ['123456789012345678', false],
    ['12-34', false],
  ])('account %j valid: %s', (n, ok) => expect(isAccountNumber(n)).toBe(ok))

  it('removes every kind of space', () => expect(withoutSpaces(' 12\t34 ')).toBe('1234'))
})

describe('the page gate, in the spec order (spec 001 sections 2 and 4)', () => {
  const base: GateFacts = { policyID: 'FLD4010003', isFlood: true, isExcessFlood: false, totalDue: 142300, numberOfTermsDue: 0, features: {} }
  it.each<[string, Partial<GateFacts>, ReturnType<typeof makePaymentGate>]>([
    [
      'excess flood: contact the agent, whatever else holds',
      { policyID: 'AEX4040004', isExcessFlood: true, totalDue: 0, features: { 'pH.DisableFloodPayments': true } },
      { kind: 'contact-agent' },
    ],
    [
      'flood with payments disabled: the splash, even with nothing due',
      { totalDue: 0, features: { 'pH.DisableFloodPayments': true } },
      { kind: 'payments-not-supported' },
    ],
    [
      'flood with payments disabled and the bypass for this policy: the form',
      { features: { 'pH.DisableFloodPayments': true, 'pH.BypassPaymentSplashPage.FLD4010003': true } },
      { kind: 'form', amountReadOnly: false },
    ],
    [
      'a bypass for another policy does not count',
      { features: { 'pH.DisableFloodPayments': true, 'pH.BypassPaymentSplashPage.FLD4050011': true } },
      { kind: 'payments-not-supported' },
    ],
    [
      'the flag is flood only',
      { policyID: 'HOM4010001', isFlood: false, features: { 'pH.DisableFloodPayments': true } },
      { kind: 'form', amountReadOnly: false },
    ],
    // Issue 35 (decision 222): the payment-due box's rule 1 and the page agree: the agent takes it.
    ['non-flood with 2 terms due (COM4050003)', { policyID: 'COM4050003', isFlood: false, numberOfTermsDue: 2 }, { kind: 'contact-agent' }],
    ['non-flood with 1 term due: the form', { policyID: 'HOM4010001', isFlood: false, numberOfTermsDue: 1 }, { kind: 'form', amountReadOnly: false }],
    ['flood with 1 term due', { numberOfTermsDue: 1 }, { kind: 'contact-agent' }],
    ['nothing due', { totalDue: 0 }, { kind: 'nothing-due' }],
    ['a credit is nothing due', { totalDue: -500 }, { kind: 'nothing-due' }],
    ['flood with pH.DisableFloodPIFEdit: the amount read-only', { features: { 'pH.DisableFloodPIFEdit': true } }, { kind: 'form', amountReadOnly: true }],
    [
      'pH.DisableFloodPIFEdit does nothing on other policies',
      { policyID: 'HOM4010001', isFlood: false, features: { 'pH.DisableFloodPIFEdit': true } },
      { kind: 'form', amountReadOnly: false },
    ],
  ])('%s', (_name, change, gate) => expect(makePaymentGate({ ...base, ...change })).toEqual(gate))
})

describe('the bank-debit authorization (NACHA WEB, single entry)', () => {
  const facts = { amountCents: 123456, date: '2026-11-15', accountLast4: '6789', policyId: 'HOM4010001', supportPhone: '1-800-555-0134' }
  it('names the amount, the date, the account, the policy and how to revoke', () => {
    const text = bankAuthorizationText(facts)
    expect(text).toContain(
      'one-time electronic debit (ACH) of $1,234.56 from my bank account ending in 6789 on or after 11/15/2026, as payment on policy HOM4010001.',
    )
    expect(text).toContain('I may revoke it by calling 1-800-555-0134 before the debit is made')
    expect(text).toContain('for this one payment only')
  })
  it('reads sensibly before the amount and the account are typed', () => {
    const text = bankAuthorizationText({ ...facts, amountCents: null, accountLast4: '' })
    expect(text).toContain('of the Payment Amount entered above from the bank account entered above')
  })
})

describe('US states (spec 000 section 5: the 50 states plus DC)', () => {
  it('has 51 entries, unique codes, sorted by name', () => {
    expect(US_STATES).toHaveLength(51)
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51)
    expect(US_STATES.map((s) => s.name)).toEqual([...US_STATES.map((s) => s.name)].sort())
    expect(US_STATES.some((s) => s.code === 'DC')).toBe(true)
  })
})

describe('clock (temporary copy): dates as the policyholder sees them', () => {
  const at = Date.UTC(2026, 11, 1, 4, 30) // 2026-12-01 04:30 UTC
  it('the same instant is a different day in California and in New York', () => {
    expect(localDate(at, 'CA')).toBe('2026-11-30')
    expect(localDate(at, 'NY')).toBe('2026-11-30')
    expect(localDate(at + 2 * 3600_000, 'NY')).toBe('2026-12-01')
    expect(localDateTime(at, 'CA').date).toBe('2026-11-30')
  })
  it('instantOf is the inverse of localDateTime', () => {
    const { date, time } = localDateTime(at, 'TX')
    expect(instantOf(date, time, 'TX')).toBe(at)
  })
})
