import { describe, it, expect } from 'vitest'
import {
  buildPartnerLogEntry,
  cutMessage,
  shouldSendPartnerLog,
  LogLevel,
  PARTNER_LOG_APPLICATION,
  PARTNER_LOGGING_FEATURE,
} from '../../shared/sso/partner-log'
import {
  effectiveOptOutPreference,
  gpcOptsOut,
  optOutCookieValue,
  optOutPersisted,
  chosenOptOutPreference,
  parseOptOutPreference,
  OPT_OUT_TEXT,
} from '../../shared/sso/opt-out'

const at = new Date('2026-11-01T14:30:00.000Z')

describe('partner log entry (spec 000 sections 3 and 7)', () => {
  it('has the five fields; level Info without an error message', () => {
    expect(buildPartnerLogEntry({ message: 'SSO landing complete', transactionId: 'trk-1', at })).toEqual({
      ApplicationName: PARTNER_LOG_APPLICATION,
      LogLevel: 1,
      Message: 'SSO landing complete',
      TransactionDateTime: '2026-11-01T14:30:00.000Z',
      TransactionId: 'trk-1',
    })
  })

  it('is Error, carrying the error message, when one exists', () => {
    const e = buildPartnerLogEntry({ message: 'SSO landing', errorMessage: 'No policies returned from ping', transactionId: 't', at })
    expect(e.LogLevel).toBe(LogLevel.Error)
    expect(e.Message).toBe('No policies returned from ping')
  })

  it('cuts the message to 100 characters', () => {
    expect(buildPartnerLogEntry({ message: 'x'.repeat(250), transactionId: 't', at }).Message).toHaveLength(100)
    expect(buildPartnerLogEntry({ message: 'y'.repeat(100), transactionId: 't', at }).Message).toHaveLength(100)
    expect(cutMessage('😀'.repeat(101))).toBe('😀'.repeat(100))
  })

  it('uses the levels Debug 0, Info 1, Warn 2, Error 3', () => expect(LogLevel).toEqual({ Debug: 0, Info: 1, Warn: 2, Error: 3 }))

  it.each([
    ['tok', 'trk', true, true],
    [null, 'trk', true, false],
    ['tok', undefined, true, false],
    ['tok', 'trk', false, false],
    ['', 'trk', true, false],
  ] as const)('token %s, tracking id %s, flag %s -> sent: %s', (token, trackingId, flag, expected) => {
    expect(shouldSendPartnerLog({ token, trackingId, features: { [PARTNER_LOGGING_FEATURE]: flag } })).toBe(expected)
  })

  it('is not sent when the flag is missing from the features', () => {
    expect(shouldSendPartnerLog({ token: 't', trackingId: 'x', features: {} })).toBe(false)
  })
})

describe('opt-out preference (spec 000 section 9, spec 001)', () => {
  it.each([
    [undefined, 1],
    [null, 1],
    ['', 1],
    ['1', 1],
    ['0', 0],
    [' 0 ', 0],
    ['2', null],
    ['yes', null],
  ] as const)('%s -> %s', (v, expected) => expect(parseOptOutPreference(v)).toBe(expected))

  it('is stored as C0004:{value}', () => {
    expect(optOutCookieValue(1)).toBe('C0004:1')
    expect(optOutCookieValue(0)).toBe('C0004:0')
  })

  it('Sec-GPC: 1 means opted out, whatever the preference says', () => {
    expect(gpcOptsOut('1')).toBe(true)
    expect(gpcOptsOut('0')).toBe(false)
    expect(gpcOptsOut(undefined)).toBe(false)
    expect(effectiveOptOutPreference(1, true)).toBe(0)
    expect(effectiveOptOutPreference(1, false)).toBe(1)
    expect(effectiveOptOutPreference(0, false)).toBe(0)
  })

  it('the confirmation shows success unless persistSuccessful is 0 or the record was refused', () => {
    expect(optOutPersisted(undefined, 'not-sent')).toBe(true)
    expect(optOutPersisted('1', 'recorded')).toBe(true)
    expect(optOutPersisted('0', 'recorded')).toBe(false)
    expect(optOutPersisted('1', 'failed')).toBe(false)
    expect(OPT_OUT_TEXT.success).toBe('Your request has successfully been processed.')
    expect(OPT_OUT_TEXT.title).toBe('Do Not Sell or Share My Personal Information: California Residents Only')
  })
})

describe('chosenOptOutPreference (issue 21 item 10)', () => {
  it.each([
    [undefined, { preference: 1, odd: false }],
    ['1', { preference: 1, odd: false }],
    [' 0 ', { preference: 0, odd: false }],
    ['9', { preference: 0, odd: true }],
    ['yes', { preference: 0, odd: true }],
  ])('%s -> %j: an unreadable choice on the opt-out page is an opt-out, flagged to be logged', (value, expected) => {
    expect(chosenOptOutPreference(value)).toEqual(expected)
  })
})
