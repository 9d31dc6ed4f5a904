import { describe, it, expect } from 'vitest'
import { formatDate, formatFileSize, formatUsd, formatPhone, ZIP_PATTERN } from '../../shared/format'
import { loginSchema } from '../../shared/identity/schemas/login'
import { fieldErrors } from '../../shared/forms/field-errors'
import { returnButton } from '../../shared/forms/system-message'

describe('formats', () => {
  it('dates MM/dd/yyyy', () => expect(formatDate('2026-03-09')).toBe('03/09/2026'))
  it('USD from cents', () => expect(formatUsd(123456)).toBe('$1,234.56'))
  it.each([
    ['(555) 123-4567', '(555) 123-4567'],
    ['555.123.4567', '(555) 123-4567'],
    // Issue 35: the configured support line, with its country code, as a person reads it.
    ['1-800-555-0134', '(800) 555-0134'],
    ['+1 800 555 0134', '(800) 555-0134'],
    ['12345', '12345'],
    ['1-800-FLOODS1', '1-800-FLOODS1'],
  ])('phone %s -> %s', (a, b) => expect(formatPhone(a)).toBe(b))
  it('zip pattern', () => {
    expect(ZIP_PATTERN.test('12345')).toBe(true)
    expect(ZIP_PATTERN.test('12345-6789')).toBe(true)
    expect(ZIP_PATTERN.test('1234')).toBe(false)
  })
})

describe('file sizes (decision 227)', () => {
  it('reads KB under a megabyte (at least 1), MB with one decimal above, 1024-based as the 10 MB limit', () => {
    expect(formatFileSize(4)).toBe('1 KB')
    expect(formatFileSize(300 * 1024)).toBe('300 KB')
    expect(formatFileSize(1024 * 1024)).toBe('1.0 MB')
    expect(formatFileSize(2_500_000)).toBe('2.4 MB')
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.0 MB')
  })
})

describe('login schema (spec 000 section 5)', () => {
  const errors = (input: unknown) => {
    const r = loginSchema.safeParse(input)
    return r.success ? {} : fieldErrors(r.error)
  }
  it.each([
    [{}, { userName: 'Value is required', password: 'Value is required' }],
    [
      { userName: '  ', password: '' },
      { userName: 'Value is required', password: 'Value is required' },
    ],
    [{ userName: 'a', password: 'abcdef' }, { password: 'This field should be at least 7 characters long' }],
    [{ userName: 'a', password: 'x'.repeat(36) }, { password: 'The maximum length allowed is 35' }],
    [{ userName: 'a', password: 'x'.repeat(35) }, {}],
  ])('%j', (input, expected) => expect(errors(input)).toEqual(expected))
})

describe('system message return button (spec 001)', () => {
  it.each([
    [true, true, false, 'Return to Login'],
    [false, true, false, 'Return to Account Home'],
    [false, true, true, 'Return to Summary'],
    [false, false, true, 'Return to Summary'],
  ])('production redirect %s, direct %s, policy %s -> %s', (productionRedirect, directLogin, hasPolicy, label) => {
    expect(returnButton({ productionRedirect }, { directLogin, hasPolicy }).label).toBe(label)
  })
})
