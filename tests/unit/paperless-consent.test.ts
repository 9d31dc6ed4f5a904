import { describe, expect, it } from 'vitest'
import {
  consentHoldsUnder,
  consentRefusal,
  consentStatus,
  normalizeSampleCode,
  PAPERLESS_MSG,
  SAMPLE_CODE_LENGTH,
  sampleCodeMatches,
  sampleCodeOf,
  type ConsentEvent,
} from '../../shared/paperless/consent'
import { disclosureText, PAPERLESS_DISCLOSURE_VERSION, paperlessDisclosure } from '../../shared/paperless/disclosure'
import { paperlessConsentSchema } from '../../shared/paperless/schemas/paperless'

const V = PAPERLESS_DISCLOSURE_VERSION
const consent = (at: number, version = V): ConsentEvent => ({ action: 'consent', disclosureVersion: version, at })
const withdraw = (at: number): ConsentEvent => ({ action: 'withdraw', disclosureVersion: V, at })

describe('paperless consent: what the history comes to', () => {
  it('no history: paper', () => {
    expect(consentStatus([])).toEqual({ state: 'paper' })
  })

  it('the last event decides: a consent, a withdrawal, a consent again', () => {
    expect(consentStatus([consent(1)])).toEqual({ state: 'electronic', since: 1, disclosureVersion: V })
    expect(consentStatus([consent(1), withdraw(2)])).toEqual({ state: 'withdrawn', since: 2 })
    expect(consentStatus([consent(1), withdraw(2), consent(3)])).toEqual({ state: 'electronic', since: 3, disclosureVersion: V })
  })

  it('a consent under disclosures that no longer hold (or never existed) is paper until renewed', () => {
    expect(consentHoldsUnder(V)).toBe(true)
    expect(consentHoldsUnder('paperless-1999-01')).toBe(false)
    const status = consentStatus([consent(1, 'paperless-1999-01')])
    expect(status).toEqual({ state: 'renew', since: 1, disclosureVersion: 'paperless-1999-01' })
  })
})

describe('paperless consent: the sample PDF code', () => {
  it('is 6 letters without I or O, the same for the same digest', () => {
    const digest = Uint8Array.from({ length: 32 }, (_, i) => i * 37)
    const code = sampleCodeOf(digest)
    expect(code).toMatch(/^[A-HJ-NP-Z]{6}$/)
    expect(code).toHaveLength(SAMPLE_CODE_LENGTH)
    expect(sampleCodeOf(digest)).toBe(code)
    expect(sampleCodeOf(Uint8Array.from({ length: 32 }, (_, i) => i * 37 + 1))).not.toBe(code)
  })

  it('matches whatever the case, spaces or dashes; anything else does not', () => {
    expect(normalizeSampleCode(' abc-def ')).toBe('ABCDEF')
    expect(sampleCodeMatches('abcdef', 'ABCDEF')).toBe(true)
    expect(sampleCodeMatches('ABC DEF', 'ABCDEF')).toBe(true)
    expect(sampleCodeMatches('ABCDEG', 'ABCDEF')).toBe(false)
    expect(sampleCodeMatches('ABCDE', 'ABCDEF')).toBe(false)
    expect(sampleCodeMatches('', 'ABCDEF')).toBe(false)
  })
})

describe('paperless consent: what is refused', () => {
  it('a wrong code, on its field, with the message that says what to do', () => {
    expect(consentRefusal({ disclosureVersion: V, sampleCode: 'ZZZZZZ' }, 'ABCDEF')).toEqual({ field: 'sampleCode', message: PAPERLESS_MSG.codeWrong })
    expect(consentRefusal({ disclosureVersion: V, sampleCode: 'abcdef' }, 'ABCDEF')).toBeNull()
  })

  it('disclosures other than the ones shown now (an old page, a made-up version), whatever the code', () => {
    expect(consentRefusal({ disclosureVersion: 'paperless-1999-01', sampleCode: 'ABCDEF' }, 'ABCDEF')).toEqual({
      field: null,
      message: PAPERLESS_MSG.versionChanged,
    })
    expect(consentRefusal({ disclosureVersion: '', sampleCode: 'ABCDEF' }, 'ABCDEF')?.message).toBe(PAPERLESS_MSG.versionChanged)
  })

  it('the form: the box and the code are required, each with its message', () => {
    const empty = paperlessConsentSchema.safeParse({})
    expect(empty.success).toBe(false)
    const messages = Object.fromEntries((empty.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]))
    expect(messages).toEqual({ agree: PAPERLESS_MSG.agreeRequired, sampleCode: PAPERLESS_MSG.codeRequired })
    expect(paperlessConsentSchema.safeParse({ agree: 'yes', sampleCode: '   ' }).error?.issues[0]?.message).toBe(PAPERLESS_MSG.codeRequired)
    expect(paperlessConsentSchema.parse({ agree: 'yes', sampleCode: ' abcdef ', disclosureVersion: V })).toEqual({
      agree: 'yes',
      sampleCode: 'abcdef',
      disclosureVersion: V,
    })
  })
})

describe('paperless disclosures (15 U.S.C. 7001(c)(1))', () => {
  const sections = paperlessDisclosure({ supportPhone: '1-800-555-0100' })
  const text = disclosureText(sections)

  it('cover each thing a consumer must be told, in this order', () => {
    expect(sections.map((s) => s.id)).toEqual(['scope', 'paper-copies', 'withdrawal', 'email-address', 'hardware-software'])
    expect(text).toContain('paper copy of any of these documents at any time, free of charge: call us at 1-800-555-0100')
    expect(text).toContain('withdraw your consent at any time')
    expect(text).toContain('There is no fee')
    expect(text).toContain('Withdrawing takes effect at once')
    expect(text).toMatch(/declarations pages.*endorsements/)
    expect(text).toContain('bills and notices')
    expect(text).toContain('update it on Your Profile')
    expect(text).toContain('a program that opens PDF files')
  })

  it('are stored as text that names their version', () => {
    expect(text.split('\n').slice(0, 2)).toEqual(['Paperless documents', `Version: ${V}`])
  })
})
