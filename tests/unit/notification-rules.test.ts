import { describe, it, expect } from 'vitest'
import { phoneOf, preferencesOf, stopWordOf, TEXT_CONSENTS, textConsentWords } from '../../shared/notifications/preferences'
import { phoneCodeSchema, phoneSchema, preferencesSchema } from '../../shared/notifications/schemas/notifications'

/** The rules of notifications (issue 32 item 5, decision 209). */
describe('preferencesOf', () => {
  const phone = { verified: true, stopped: false }

  it('is email on and text off where nothing was chosen', () => {
    expect(preferencesOf([], phone)['claim-updates']).toEqual({ email: true, text: false })
  })

  it('keeps security alerts by email on whatever is stored', () => {
    expect(preferencesOf([{ kind: 'security', channel: 'email', enabled: false }], phone).security.email).toBe(true)
  })

  it('reads text off without a verified number, or after STOP, even when chosen', () => {
    const rows = [{ kind: 'claim-updates' as const, channel: 'text' as const, enabled: true }]
    expect(preferencesOf(rows, phone)['claim-updates'].text).toBe(true)
    expect(preferencesOf(rows, { verified: false, stopped: false })['claim-updates'].text).toBe(false)
    expect(preferencesOf(rows, { verified: true, stopped: true })['claim-updates'].text).toBe(false)
  })
})

describe('stopWordOf', () => {
  it.each([
    ['STOP', 'STOP'],
    [' stop ', 'STOP'],
    ['Stop.', 'STOP'],
    ['unsubscribe', 'UNSUBSCRIBE'],
    ['QUIT!', 'QUIT'],
  ])('%j stops', (text, word) => expect(stopWordOf(text)).toBe(word))

  it.each(['HELP', 'please stop texting me about my claim', 'STOPPED', ''])('%j does not', (text) => expect(stopWordOf(text)).toBeNull())
})

describe('phoneOf', () => {
  it.each([
    ['(512) 555-0142', '+15125550142'],
    ['512.555.0142', '+15125550142'],
    ['+1 512 555 0142', '+15125550142'],
    ['15125550142', '+15125550142'],
  ])('%j is %s', (typed, e164) => expect(phoneOf(typed)).toBe(e164))

  it.each(['555-0142', '012 555 0142', '512 055 0142', '+44 20 7946 0958', '512-555-014x'])('%j is no US mobile number', (typed) =>
    expect(phoneOf(typed)).toBeNull(),
  )
})

describe('the forms', () => {
  it('takes the boxes sent as the choices, security by email always on', () => {
    expect(preferencesSchema.parse({ 'claim-updates:text': 'on' })).toEqual({
      'claim-updates': { email: false, text: true },
      payments: { email: false, text: false },
      security: { email: true, text: false },
    })
    expect(preferencesSchema.safeParse({ 'payments:email': 'yes' }).error?.issues[0]?.message).toBe(
      'That choice is not one this page offers. Please choose again.',
    )
  })

  it('says what is wrong with a number, the consent and a code', () => {
    const issues = phoneSchema.safeParse({ phone: '12345' }).error!.issues.map((i) => [i.path[0], i.message])
    expect(issues).toEqual([
      ['phone', 'Enter a 10-digit US mobile number, for example (512) 555-0142.'],
      ['consent', 'Check the box to agree to receive text messages.'],
    ])
    expect(phoneCodeSchema.safeParse({ code: '12 34' }).error!.issues[0]!.message).toBe('The code is 6 digits, for example 123456.')
    expect(phoneCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' })
  })
})

describe('the consent to texts, in the words read (issue 36)', () => {
  it('names the words of each language its version stands for, and no words for any other version', () => {
    expect(textConsentWords(TEXT_CONSENTS.en.version)).toBe(TEXT_CONSENTS.en.text)
    expect(textConsentWords(TEXT_CONSENTS.es.version)).toBe(TEXT_CONSENTS.es.text)
    expect(TEXT_CONSENTS.es.version).not.toBe(TEXT_CONSENTS.en.version)
    expect(TEXT_CONSENTS.es.text).toContain('Responda STOP')
    expect(textConsentWords('sms-consent-2020-01')).toBeNull()
    expect(textConsentWords('')).toBeNull()
  })
})
