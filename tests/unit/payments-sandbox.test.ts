import { describe, it, expect } from 'vitest'
import { readFileSync } from 'node:fs'
import { abaRoutingValid } from '../../shared/payments/bank'
import { luhnValid, sandboxBrand, sandboxDecision, SANDBOX_TEST_NUMBERS } from '../../worker/dev/payments-sandbox-rules'

/** The sandbox processor's rules (worker/dev/payments-sandbox-rules.ts) and the README's table of them. */
const NOW = { year: 2026, month: 11 }

describe('checksums', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['5105105105105100', true],
    ['41111111111', false],
  ])('Luhn %s: %s', (n, ok) => expect(luhnValid(n)).toBe(ok))

  it.each([
    ['021000021', true],
    ['011000015', true],
    ['021000022', false],
    ['12345678', false],
    ['000000000', false],
  ])('ABA %s: %s', (n, ok) => expect(abaRoutingValid(n)).toBe(ok))

  it('refuses a routing number no bank begins with, as the portal does (one rule: shared/payments/bank.ts)', () => {
    expect(sandboxDecision({ kind: 'bank', routing: '000000000', account: '000123456789' }, NOW)).toEqual({
      behaviour: 'declined',
      message: 'The routing number is not valid.',
    })
  })
})

describe('the test numbers', () => {
  it('every listed number passes its checksum, so it reaches its documented outcome', () => {
    for (const t of SANDBOX_TEST_NUMBERS) {
      const method =
        t.kind === 'card'
          ? { kind: 'card' as const, number: t.number, expMonth: 12, expYear: 2030, cvv: t.number.startsWith('3') ? '1234' : '123' }
          : { kind: 'bank' as const, routing: '021000021', account: t.number }
      expect(sandboxDecision(method, NOW).behaviour, t.number).toBe(t.behaviour)
    }
  })

  it('an unlisted number with valid checksums is approved; an expired card or a wrong CVV is declined', () => {
    expect(sandboxDecision({ kind: 'card', number: '4242424242424242', expMonth: 1, expYear: 2027, cvv: '123' }, NOW).behaviour).toBe('approved')
    expect(sandboxDecision({ kind: 'card', number: '4242424242424242', expMonth: 10, expYear: 2026, cvv: '123' }, NOW)).toEqual({
      behaviour: 'declined',
      message: 'The card has expired.',
    })
    expect(sandboxDecision({ kind: 'card', number: '378282246310005', expMonth: 1, expYear: 2027, cvv: '123' }, NOW)).toEqual({
      behaviour: 'declined',
      message: 'The security code is not valid.',
    })
    expect(sandboxDecision({ kind: 'bank', routing: '021000021', account: '123' }, NOW)).toEqual({
      behaviour: 'declined',
      message: 'The account number is not valid.',
    })
  })

  it('names the brand, or ACH for a bank debit', () => {
    expect(sandboxBrand({ kind: 'card', number: '378282246310005', expMonth: 1, expYear: 2027, cvv: '1234' })).toBe('American Express')
    expect(sandboxBrand({ kind: 'bank', routing: '021000021', account: '000123456789' })).toBe('ACH')
  })

  it('the README documents every test number', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/(\d) (?=\d)/g, '$1')
    for (const t of SANDBOX_TEST_NUMBERS) expect(readme, t.number).toContain(`\`${t.number}\``)
  })
})
