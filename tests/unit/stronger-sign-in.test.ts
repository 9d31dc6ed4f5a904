import { describe, expect, it } from 'vitest'
import { CODE_MAX_TRIES, CODE_MSG, CODE_VALID_MS, judgeCode, maskEmail, needsStepUp, normalizeCode, STEP_UP_AFTER_MS } from '../../shared/identity/sign-in-code'
import { signInCodeSchema } from '../../shared/identity/schemas/sign-in-code'
import { deviceInWords, placeInWords } from '../../shared/identity/device-words'
import { CHALLENGE_VALID_MS, passkeysWorkAt, relyingParty } from '../../shared/identity/passkeys'

const T = 1_800_000_000_000
const fresh = { usedAt: null, expiresAt: T + CODE_VALID_MS, tries: 0 }

describe('a mailed code (issue 23 item 2: 10 minutes, single use, 5 tries)', () => {
  it.each([
    ['right, in time', fresh, true, T, 'ok'],
    ['wrong, in time', fresh, false, T, 'wrong'],
    ['right, one millisecond before it expires', fresh, true, T + CODE_VALID_MS - 1, 'ok'],
    ['right, at its expiry', fresh, true, T + CODE_VALID_MS, 'expired'],
    ['right, but used', { ...fresh, usedAt: T - 1 }, true, T, 'used'],
    ['wrong and used: used (a replay learns nothing more)', { ...fresh, usedAt: T - 1 }, false, T, 'used'],
    ['used and expired: used', { ...fresh, usedAt: T - 1 }, true, T + CODE_VALID_MS, 'used'],
    ['right after 4 wrong entries', { ...fresh, tries: CODE_MAX_TRIES - 1 }, true, T, 'ok'],
    ['right after 5 wrong entries: a new code is needed', { ...fresh, tries: CODE_MAX_TRIES }, true, T, 'too-many-tries'],
    ['expired and out of tries: expired', { ...fresh, tries: CODE_MAX_TRIES }, true, T + CODE_VALID_MS, 'expired'],
  ] as const)('%s -> %s', (_, code, matches, now, verdict) => expect(judgeCode(code, matches, now)).toBe(verdict))

  it('takes a typed or pasted code with spaces or a dash, and nothing but 6 digits', () => {
    expect(normalizeCode('123456')).toBe('123456')
    expect(normalizeCode(' 123 456 ')).toBe('123456')
    expect(normalizeCode('123-456')).toBe('123456')
    for (const bad of ['12345', '1234567', '12a456', '', '１２３４５６']) expect(normalizeCode(bad)).toBeNull()
  })

  it('the form schema: required, 6 digits, and the remember box', () => {
    const empty = signInCodeSchema.safeParse({ code: '' })
    expect(empty.success).toBe(false)
    expect(empty.error?.issues[0]?.message).toBe(CODE_MSG.required)
    expect(signInCodeSchema.safeParse({ code: '12345' }).error?.issues[0]?.message).toBe(CODE_MSG.format)
    expect(signInCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456', remember: false })
    expect(signInCodeSchema.parse({ code: '123456', remember: 'on' }).remember).toBe(true)
  })

  it('shows the address without giving it away', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com')
    expect(maskEmail('nonsense')).toBe('•••')
  })
})

describe('step-up (issue 23 item 3): proved within the last 10 minutes', () => {
  it.each([
    [0, false],
    [STEP_UP_AFTER_MS, false],
    [STEP_UP_AFTER_MS + 1, true],
    [60 * 60_000, true],
  ])('proved %i ms ago -> step-up %s', (ago, due) => expect(needsStepUp(T - ago, T)).toBe(due))
})

describe('a device in words (issue 23 item 4)', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0', 'Edge on Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari on Mac'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'Chrome on ChromeOS'],
    ['curl/8.5.0', 'An unknown browser or app'],
    ['', 'An unknown browser or app'],
  ])('%s -> %s', (ua, words) => expect(deviceInWords(ua)).toBe(words))

  it("places: the edge's city and country when it knows them, else nothing", () => {
    expect(placeInWords({ city: 'Austin', country: 'US' })).toBe('Austin, US')
    expect(placeInWords({ country: 'US' })).toBe('US')
    expect(placeInWords(undefined)).toBe('')
    expect(placeInWords({ city: 42 })).toBe('')
  })
})

describe('passkeys: the relying party from the environment (decision 181)', () => {
  const env = { WEBAUTHN_RP_ID: 'proghome.example', WEBAUTHN_ORIGINS: 'https://portal.proghome.example, https://www.proghome.example,' }

  it('reads the origins as a list', () => {
    expect(relyingParty(env)).toEqual({ rpID: 'proghome.example', origins: ['https://portal.proghome.example', 'https://www.proghome.example'] })
  })

  it.each([
    ['proghome.example', true],
    ['portal.proghome.example', true],
    ['evilproghome.example', false],
    ['127.0.0.1', false],
  ])('a page on %s can use passkeys: %s', (url, works) => expect(passkeysWorkAt(env, url)).toBe(works))

  it('a challenge lives 5 minutes', () => expect(CHALLENGE_VALID_MS).toBe(5 * 60_000))
})
