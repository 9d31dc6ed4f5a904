import { describe, expect, it } from 'vitest'
import { PROOF_CODE, inForceOn, normalizeProofCode, proofCodeFrom, proofFileName } from '../../shared/policy/proof-of-insurance'

/** The rules of proof of insurance (issue 24). */

describe('a verification code', () => {
  it.each([
    ['zeros', new Uint8Array(12), 'AAAA-AAAA-AAAA'],
    ['255s (255 % 30 = 15: S)', new Uint8Array(12).fill(255), 'SSSS-SSSS-SSSS'],
    ['29s, the last symbol', new Uint8Array(12).fill(29), '9999-9999-9999'],
  ])('from %s', (_name, bytes, want) => {
    expect(proofCodeFrom(bytes)).toBe(want)
    expect(want).toMatch(PROOF_CODE)
  })

  it('uses every byte and never a symbol that reads like another', () => {
    const code = proofCodeFrom(Uint8Array.from({ length: 12 }, (_, i) => i * 7))
    expect(code).toMatch(PROOF_CODE)
    expect(code).not.toMatch(/[ILOU01]/)
    expect(proofCodeFrom(new Uint8Array(12))).toBe('AAAA-AAAA-AAAA')
  })

  it('needs 12 random bytes', () => {
    expect(() => proofCodeFrom(new Uint8Array(11))).toThrow()
  })

  it.each([
    ['ABCD-EFGH-JKMN', 'ABCD-EFGH-JKMN'],
    ['abcd efgh jkmn', 'ABCD-EFGH-JKMN'],
    ['ABCDEFGHJKMN', 'ABCD-EFGH-JKMN'],
    [' abcd-efgh-jkmn ', 'ABCD-EFGH-JKMN'],
    ['ABCD-EFGH-JKM', null],
    ['ABCD-EFGH-JKMNP', null],
    ['ABCD-EFGH-JKM0', null],
    ['ABCD-EFGH-JKMI', null],
    ['<script>alert', null],
    ['', null],
  ])('"%s" is read as %s', (typed, want) => {
    expect(normalizeProofCode(typed)).toBe(want)
  })
})

describe('in force on a day', () => {
  const active = { policyStatus: 'Active', effectiveDate: '2026-11-15', renewalDate: '2027-11-15' }
  it.each([
    ['the first day of the term', active, '2026-11-15', true],
    ['the middle', active, '2027-03-01', true],
    ['the last day before renewal', active, '2027-11-14', true],
    ['the renewal date (the next term)', active, '2027-11-15', false],
    ['before the term', active, '2026-11-14', false],
    ['a cancelled policy inside its term', { ...active, policyStatus: 'Cancelled' }, '2027-03-01', false],
  ])('%s', (_name, p, today, want) => {
    expect(inForceOn(p, today)).toBe(want)
  })
})

it('names the file by policy and day', () => {
  expect(proofFileName('HOM4010001', '2026-11-26')).toBe('proof-of-insurance-HOM4010001-2026-11-26.pdf')
})
