import { describe, expect, it } from 'vitest'
import { maskPhone, maskZip, phoneOnBlur, zipOnBlur } from '../../shared/claims/masks'
import {
  daysSinceLoss,
  floodLossProblem,
  isRealIsoDate,
  isoToUs,
  lossDateOnLeave,
  lossDateProblem,
  lossDateTimeText,
  policyPeriodWarning,
  reportTimestamp,
  twelveHour,
  usToIso,
} from '../../shared/claims/dates'
import { instantOf } from '../support/instant'

/** Spec 001 sections 4, 5 and 9: masks, blur clearing, the date-of-loss rules, the report-time format. */

describe("masks: 'Phone mask ###-###-####; zip masks ##### and #####-####'", () => {
  it.each([
    ['', ''],
    ['9', '9'],
    ['916', '916'],
    ['9165', '916-5'],
    ['916555', '916-555'],
    ['9165550', '916-555-0'],
    ['9165550123', '916-555-0123'],
    ['(916) 555-0123', '916-555-0123'],
    ['91655501234567', '916-555-0123'],
    ['abc', ''],
  ])('phone %j -> %j', (raw, masked) => {
    expect(maskPhone(raw)).toBe(masked)
  })

  it.each([
    ['9583', '9583'],
    ['95831', '95831'],
    ['958311', '95831-1'],
    ['958311234', '95831-1234'],
    ['95831-1234', '95831-1234'],
    ['95831123456', '95831-1234'],
  ])('zip %j -> %j', (raw, masked) => {
    expect(maskZip(raw)).toBe(masked)
  })

  it.each([
    ['916-555-0123', '916-555-0123'],
    ['9165550123', '916-555-0123'],
    ['916-555-012', ''],
    ['916', ''],
    ['', ''],
  ])("'incomplete cleared on blur': phone %j -> %j", (value, kept) => {
    expect(phoneOnBlur(value)).toBe(kept)
  })

  it.each([
    ['95831', '95831'],
    ['95831-1234', '95831-1234'],
    ['9583', ''],
    ['95831-12', ''],
    ['', ''],
  ])("'cleared on blur if incomplete': zip %j -> %j", (value, kept) => {
    expect(zipOnBlur(value)).toBe(kept)
  })
})

describe('date of loss', () => {
  const today = '2026-11-23'

  it.each([
    ['', 'The Date of Loss field is required.'],
    ['   ', 'The Date of Loss field is required.'],
    ['2026-02-30', 'The Date of Loss is not a valid date.'],
    ['11/20/2026', 'The Date of Loss is not a valid date.'],
    ['0002-11-20', 'The Date of Loss is not a valid date.'],
    ['2026-11-24', 'A future date cannot be entered.'],
    ['2026-11-23', null],
    ['2024-02-29', null],
  ])('%j -> %j', (value, message) => {
    expect(lossDateProblem(value, today)).toBe(message)
  })

  it("'On leaving the date-of-loss field: empty, invalid or future date clears the date'", () => {
    expect(lossDateOnLeave('2026-11-24', today)).toEqual({ value: '', message: 'A future date cannot be entered.' })
    expect(lossDateOnLeave('2026-11-20', today)).toEqual({ value: '2026-11-20', message: null })
  })

  it('flood: a time later today is in the future too; an unknown time is not', () => {
    const now = { date: today, time: '09:20' }
    expect(floodLossProblem(today, '09:21', now)).toBe('A future date cannot be entered.')
    expect(floodLossProblem(today, '09:20', now)).toBeNull()
    expect(floodLossProblem(today, '', now)).toBeNull()
    expect(floodLossProblem('2026-11-22', '23:59', now)).toBeNull()
    expect(floodLossProblem('', '09:00', now)).toBe('The Date of Loss field is required.')
  })

  it("outside the policy period warns 'The Date of Loss is not within the policy period.' (both ends inside)", () => {
    const period = { effectiveDate: '2026-06-01', expirationDate: '2027-06-01' }
    expect(policyPeriodWarning('2026-05-31', period)).toBe('The Date of Loss is not within the policy period.')
    expect(policyPeriodWarning('2027-06-02', period)).toBe('The Date of Loss is not within the policy period.')
    expect(policyPeriodWarning('2026-06-01', period)).toBeNull()
    expect(policyPeriodWarning('2027-06-01', period)).toBeNull()
    expect(policyPeriodWarning('', period)).toBeNull()
  })

  it('counts the days since the loss on calendar dates (the 5-day window)', () => {
    expect(daysSinceLoss('2026-11-18', today)).toBe(5)
    expect(daysSinceLoss('2026-11-17', today)).toBe(6)
    expect(daysSinceLoss('2026-02-27', '2026-03-01')).toBe(2)
    expect(daysSinceLoss(today, today)).toBe(0)
  })

  it('converts between the form (yyyy-mm-dd) and the submission (MM/dd/yyyy)', () => {
    expect(isoToUs('2026-11-23')).toBe('11/23/2026')
    expect(usToIso('11/23/2026')).toBe('2026-11-23')
    // Nothing may follow the date (issue 20 item 3): a flood time is split off by parseLossDateTime first.
    expect(usToIso('11/23/2026 09:20:00 AM')).toBe('')
    expect(usToIso(`11/23/2026${'x'.repeat(50_000)}`)).toBe('')
    expect(usToIso('2026-11-23')).toBe('')
    expect(isRealIsoDate('2026-11-31')).toBe(false)
  })
})

describe("'Report time format MM/dd/yyyy hh:mm:ss a' on the policyholder's clock", () => {
  it.each([
    ['00:05', 0, '12:05:00 AM'],
    ['09:20', 17, '09:20:17 AM'],
    ['12:00', 0, '12:00:00 PM'],
    ['23:59', 59, '11:59:59 PM'],
  ])('%s:%s -> %s', (time, seconds, text) => {
    expect(twelveHour(time, seconds)).toBe(text)
  })

  it('uses the time zone of the policy state', () => {
    const at = instantOf('2026-11-23', '09:20', 'CA') + 17_000
    expect(reportTimestamp(at, 'CA')).toBe('11/23/2026 09:20:17 AM')
    expect(reportTimestamp(at, 'FL')).toBe('11/23/2026 12:20:17 PM')
    // Just after midnight in New York it is still the day before in California.
    const late = instantOf('2026-11-24', '00:30', 'NY')
    expect(reportTimestamp(late, 'CA')).toBe('11/23/2026 09:30:00 PM')
  })

  it('writes the flood date and time of loss in the same format', () => {
    expect(lossDateTimeText('2026-11-23', '14:05')).toBe('11/23/2026 02:05:00 PM')
  })
})
