import { describe, expect, it } from 'vitest'
import {
  codeRefusal,
  consentHoldsUnder,
  consentStatus,
  normalizeSampleCode,
  PAPERLESS_MSG,
  SAMPLE_CODE_LENGTH,
  sampleCodeOf,
  versionRefusal,
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
  it('is 6 letters without I or O, made from random bytes', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 13)
    const code = sampleCodeOf(bytes)
    expect(code).toMatch(/^[A-HJ-NP-Z]{6}$/)
    expect(code).toHaveLength(SAMPLE_CODE_LENGTH)
    expect(sampleCodeOf(Uint8Array.from({ length: 16 }, (_, i) => i * 13 + 1))).not.toBe(code)
  })

  it('skips the bytes that would make some letters likelier (240 and up), and asks for more when too few are left', () => {
    expect(sampleCodeOf(Uint8Array.of(240, 255, 0, 1, 2, 3, 4, 23))).toBe('ABCDEZ')
    expect(sampleCodeOf(Uint8Array.of(24, 47, 239, 250, 251))).toBeNull()
    // every letter equally often over all usable bytes
    const counts = new Map<string, number>()
    for (let b = 0; b < 240; b++) {
      const letter = sampleCodeOf(Uint8Array.of(b, 0, 0, 0, 0, 0))![0]!
      counts.set(letter, (counts.get(letter) ?? 0) + 1)
    }
    expect(new Set(counts.values())).toEqual(new Set([10]))
    expect(counts.size).toBe(24)
  })

  it('is compared whatever the case, spaces or dashes', () => {
    expect(normalizeSampleCode(' abc-def ')).toBe('ABCDEF')
    expect(normalizeSampleCode('ABC DEF')).toBe('ABCDEF')
  })
})

describe('paperless consent: what is refused', () => {
  it('a wrong code, on its field: with tries left, what to do; on its last try and after, open the PDF for a new code', () => {
    expect(codeRefusal({ kind: 'right' })).toBeNull()
    expect(codeRefusal({ kind: 'wrong', triesLeft: 4 })).toEqual({ field: 'sampleCode', message: PAPERLESS_MSG.codeWrong })
    expect(codeRefusal({ kind: 'wrong', triesLeft: 0 })).toEqual({ field: 'sampleCode', message: PAPERLESS_MSG.codeTriesUsed })
    expect(codeRefusal({ kind: 'out-of-tries' })).toEqual({ field: 'sampleCode', message: PAPERLESS_MSG.codeTriesUsed })
  })

  it('any code when the sample PDF was never opened in this session', () => {
    expect(codeRefusal({ kind: 'not-opened' })).toEqual({ field: 'sampleCode', message: PAPERLESS_MSG.codeNotOpened })
  })

  it('disclosures other than the ones shown now (an old page, a made-up version)', () => {
    expect(versionRefusal({ disclosureVersion: 'paperless-1999-01' })).toEqual({ field: null, message: PAPERLESS_MSG.versionChanged })
    expect(versionRefusal({ disclosureVersion: '' })?.message).toBe(PAPERLESS_MSG.versionChanged)
    expect(versionRefusal({ disclosureVersion: V })).toBeNull()
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
