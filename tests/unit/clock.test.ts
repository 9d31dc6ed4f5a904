import { describe, expect, it } from 'vitest'
import { daysBetween, localDate, localDateText, localDateTime, localDateTimeText, localTimeText, stateTimeZone, twelveHourTime } from '../../shared/clock'
import { instantOf } from '../support/instant'

const at = (iso: string) => Date.parse(iso)

// 2026: DST starts Sunday March 8 (02:00 -> 03:00) and ends Sunday November 1 (02:00 -> 01:00).
const STATES = `AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO
  MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY`.split(/\s+/)
const OTHERS = ['DC', 'PR', 'VI', 'GU', 'AS', 'MP']
/** Where New York's zone is the right answer, so a missing entry would not show. */
const EASTERN = ['NY', 'DC', 'CT', 'DE', 'FL', 'GA', 'ME', 'MD', 'MA', 'NH', 'NJ', 'NC', 'OH', 'PA', 'RI', 'SC', 'VT', 'VA', 'WV']

describe('stateTimeZone', () => {
  it.each([
    ['CA', 'America/Los_Angeles'],
    ['NY', 'America/New_York'],
    ['TX', 'America/Chicago'],
    ['CO', 'America/Denver'],
    ['AZ', 'America/Phoenix'],
    ['HI', 'Pacific/Honolulu'],
    ['AK', 'America/Anchorage'],
    ['FL', 'America/New_York'],
    ['PR', 'America/Puerto_Rico'],
    ['GU', 'Pacific/Guam'],
    ['ca', 'America/Los_Angeles'],
    [' tx ', 'America/Chicago'],
    ['ZZ', 'America/New_York'],
    ['', 'America/New_York'],
  ])('%j -> %s', (state, zone) => {
    expect(stateTimeZone(state)).toBe(zone)
  })

  it.each([...STATES, ...OTHERS].filter((s) => !EASTERN.includes(s)))('%s has an entry of its own, a zone Intl knows', (state) => {
    const zone = stateTimeZone(state)
    expect(zone).not.toBe('America/New_York')
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow()
  })

  it('covers the 50 states, DC and the five inhabited territories', () => {
    expect(new Set([...STATES, ...OTHERS]).size).toBe(56)
  })
})

describe('localDateTime and localDate', () => {
  it.each([
    // The e-sign case: 7 pm in California on July 13 is July 13, while UTC is already July 14.
    ['e-sign 7 pm California', '2026-07-14T02:00:00Z', 'CA', '2026-07-13', '19:00'],
    ['same instant in New York', '2026-07-14T02:00:00Z', 'NY', '2026-07-13', '22:00'],
    ['same instant on Guam', '2026-07-14T02:00:00Z', 'GU', '2026-07-14', '12:00'],
    // Midnight boundaries.
    ['NY last minute of a winter day', '2026-01-15T04:59:59.999Z', 'NY', '2026-01-14', '23:59'],
    ['NY first minute of a winter day', '2026-01-15T05:00:00Z', 'NY', '2026-01-15', '00:00'],
    ['LA last minute of a summer day', '2026-07-01T06:59:00Z', 'CA', '2026-06-30', '23:59'],
    ['LA first minute of a summer day', '2026-07-01T07:00:00Z', 'CA', '2026-07-01', '00:00'],
    ['NY year end', '2027-01-01T04:59:00Z', 'NY', '2026-12-31', '23:59'],
    ['NY new year', '2027-01-01T05:00:00Z', 'NY', '2027-01-01', '00:00'],
    ['leap day in LA', '2028-03-01T07:59:00Z', 'CA', '2028-02-29', '23:59'],
    // Spring forward: 01:59 standard time is followed by 03:00 daylight time.
    ['LA before spring forward', '2026-03-08T09:59:00Z', 'CA', '2026-03-08', '01:59'],
    ['LA after spring forward', '2026-03-08T10:00:00Z', 'CA', '2026-03-08', '03:00'],
    ['NY before spring forward', '2026-03-08T06:59:00Z', 'NY', '2026-03-08', '01:59'],
    ['NY after spring forward', '2026-03-08T07:00:00Z', 'NY', '2026-03-08', '03:00'],
    ['LA midnight the day after spring forward', '2026-03-09T07:00:00Z', 'CA', '2026-03-09', '00:00'],
    // Fall back: 01:30 happens twice, first in daylight time then in standard time.
    ['LA first 01:30 of fall back', '2026-11-01T08:30:00Z', 'CA', '2026-11-01', '01:30'],
    ['LA second 01:30 of fall back', '2026-11-01T09:30:00Z', 'CA', '2026-11-01', '01:30'],
    ['NY first 01:30 of fall back', '2026-11-01T05:30:00Z', 'NY', '2026-11-01', '01:30'],
    ['NY second 01:30 of fall back', '2026-11-01T06:30:00Z', 'NY', '2026-11-01', '01:30'],
    ['LA midnight the day after fall back', '2026-11-02T08:00:00Z', 'CA', '2026-11-02', '00:00'],
    ['LA 23:59 the evening of fall back', '2026-11-02T07:59:00Z', 'CA', '2026-11-01', '23:59'],
    // Arizona keeps UTC-7 all year: the same as LA in summer, an hour ahead of it in winter.
    ['AZ summer midnight', '2026-07-01T07:00:00Z', 'AZ', '2026-07-01', '00:00'],
    ['AZ winter midnight', '2026-01-15T07:00:00Z', 'AZ', '2026-01-15', '00:00'],
    ['LA at AZ winter midnight', '2026-01-15T07:00:00Z', 'CA', '2026-01-14', '23:00'],
    ['AZ during LA spring forward', '2026-03-08T10:00:00Z', 'AZ', '2026-03-08', '03:00'],
    ['AZ an hour earlier', '2026-03-08T09:00:00Z', 'AZ', '2026-03-08', '02:00'],
    // Hawaii keeps UTC-10 all year.
    ['HI before midnight', '2026-03-08T09:59:00Z', 'HI', '2026-03-07', '23:59'],
    ['HI midnight', '2026-03-08T10:00:00Z', 'HI', '2026-03-08', '00:00'],
    ['HI summer midnight', '2026-07-01T10:00:00Z', 'HI', '2026-07-01', '00:00'],
  ])('%s', (_name, iso, state, date, time) => {
    expect(localDateTime(at(iso), state)).toEqual({ date, time })
    expect(localDate(at(iso), state)).toBe(date)
  })

  it('the e-sign case is a different date in UTC', () => {
    expect(new Date(at('2026-07-14T02:00:00Z')).toISOString().slice(0, 10)).toBe('2026-07-14')
    expect(localDate(at('2026-07-14T02:00:00Z'), 'CA')).toBe('2026-07-13')
  })

  it('refuses an instant that is not a number', () => {
    expect(() => localDate(Number.NaN, 'CA')).toThrow(RangeError)
  })
})

describe('daysBetween', () => {
  it.each([
    ['2026-07-13', '2026-07-13', 0],
    ['2026-07-13', '2026-07-14', 1],
    ['2026-07-14', '2026-07-13', -1],
    ['2026-07-13', '2026-07-18', 5],
    ['2026-01-31', '2026-02-01', 1],
    ['2026-02-28', '2026-03-01', 1],
    ['2028-02-28', '2028-03-01', 2],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-01-01', '2027-01-01', 365],
    ['2028-01-01', '2029-01-01', 366],
    // Calendar days, not 24-hour periods: the 23-hour and 25-hour days count as one.
    ['2026-03-07', '2026-03-09', 2],
    ['2026-10-31', '2026-11-02', 2],
  ])('%s -> %s = %i', (a, b, days) => {
    expect(daysBetween(a, b)).toBe(days)
  })

  it.each(['2026-02-30', '2026-13-01', '2026-7-1', '07/13/2026', ''])('refuses %j', (bad) => {
    expect(() => daysBetween(bad, '2026-07-13')).toThrow(RangeError)
    expect(() => daysBetween('2026-07-13', bad)).toThrow(RangeError)
  })

  it('with localDate, counts days on the policyholder’s calendar (a loss at 11 pm and a report at 1 am next day)', () => {
    const loss = localDate(at('2026-07-14T06:00:00Z'), 'CA') // 11 pm July 13 in LA
    const report = localDate(at('2026-07-14T08:00:00Z'), 'CA') // 1 am July 14 in LA
    expect(daysBetween(loss, report)).toBe(1)
    expect(daysBetween(localDate(at('2026-07-14T06:00:00Z'), 'NY'), localDate(at('2026-07-14T08:00:00Z'), 'NY'))).toBe(0)
  })
})

describe('instantOf (tests/support, for fixtures): a wall-clock time on the state clock', () => {
  it.each([
    ['LA summer evening', '2026-07-13', '19:00', 'CA', '2026-07-14T02:00:00Z'],
    ['LA winter midnight', '2026-01-15', '00:00', 'CA', '2026-01-15T08:00:00Z'],
    ['NY last minute of the year', '2026-12-31', '23:59', 'NY', '2027-01-01T04:59:00Z'],
    ['AZ in summer', '2026-07-01', '00:00', 'AZ', '2026-07-01T07:00:00Z'],
    ['AZ in winter', '2026-01-15', '00:00', 'AZ', '2026-01-15T07:00:00Z'],
    ['AZ at 02:30 on LA spring-forward day', '2026-03-08', '02:30', 'AZ', '2026-03-08T09:30:00Z'],
    ['HI', '2026-03-08', '00:00', 'HI', '2026-03-08T10:00:00Z'],
    ['Guam', '2026-07-14', '12:00', 'GU', '2026-07-14T02:00:00Z'],
    ['LA just before spring forward', '2026-03-08', '01:59', 'CA', '2026-03-08T09:59:00Z'],
    ['LA just after spring forward', '2026-03-08', '03:00', 'CA', '2026-03-08T10:00:00Z'],
    // 02:30 does not exist that night: it is read as 03:30 daylight time.
    ['LA skipped 02:30', '2026-03-08', '02:30', 'CA', '2026-03-08T10:30:00Z'],
    ['NY skipped 02:00', '2026-03-08', '02:00', 'NY', '2026-03-08T07:00:00Z'],
    // 01:30 happens twice that night: the first one (daylight time) is taken.
    ['LA twice 01:30', '2026-11-01', '01:30', 'CA', '2026-11-01T08:30:00Z'],
    ['NY twice 01:30', '2026-11-01', '01:30', 'NY', '2026-11-01T05:30:00Z'],
    ['LA 02:00 after fall back', '2026-11-01', '02:00', 'CA', '2026-11-01T10:00:00Z'],
    ['LA 00:59 before fall back', '2026-11-01', '00:59', 'CA', '2026-11-01T07:59:00Z'],
  ])('%s', (_name, date, time, state, iso) => {
    expect(instantOf(date, time, state)).toBe(at(iso))
  })

  it.each([
    ['2026-07-13', '19:00', 'CA'],
    ['2026-03-08', '03:00', 'NY'],
    ['2026-11-01', '01:30', 'CA'],
    ['2026-11-01', '23:59', 'HI'],
    ['2028-02-29', '12:00', 'AK'],
  ])('round-trips %s %s in %s through localDateTime', (date, time, state) => {
    expect(localDateTime(instantOf(date, time, state), state)).toEqual({ date, time })
  })

  it.each([
    ['2026-02-30', '10:00'],
    ['2026-07-13', '24:00'],
    ['2026-07-13', '7:00'],
    ['2026-07-13', '07:60'],
    ['2026-07-13', '7 pm'],
  ])('refuses %s %s', (date, time) => {
    expect(() => instantOf(date, time, 'CA')).toThrow(RangeError)
  })
})

describe('issue 35: one way to show a time (12-hour, on the policy state’s clock, else New York named)', () => {
  // 2026-11-28 02:30 UTC: still the 27th in every US zone, the 28th in UTC.
  const lateEvening = Date.UTC(2026, 10, 28, 2, 30)

  it.each([
    ['00:05', '12:05 AM'],
    ['09:30', '9:30 AM'],
    ['12:00', '12:00 PM'],
    ['23:59', '11:59 PM'],
  ])('%s reads %s', (time, text) => expect(twelveHourTime(time)).toBe(text))

  it('dates stay on the policyholder’s day, not UTC’s', () => {
    expect(localDateText(lateEvening, 'CA')).toBe('11/27/2026')
    expect(localDateText(lateEvening, 'NY')).toBe('11/27/2026')
    expect(localDateText(lateEvening, '')).toBe('11/27/2026')
  })

  it('a policy’s clock needs no zone name; without a policy the zone is named', () => {
    expect(localDateTimeText(lateEvening, 'TX')).toBe('11/27/2026 8:30 PM')
    expect(localDateTimeText(lateEvening, '')).toBe('11/27/2026 9:30 PM EST')
    expect(localTimeText(lateEvening, 'CA')).toBe('6:30 PM')
    expect(localTimeText(lateEvening, '')).toBe('9:30 PM EST')
    expect(localDateTimeText(lateEvening, 'CA', true)).toBe('11/27/2026 6:30 PM PST')
  })
})

describe('the wall-clock memo (issue 38) and the zones before standard time', () => {
  it('reads an instant of a local-mean-time offset alone: two seconds apart, two different days in New York in 1850', () => {
    // New York was 4:56:02 behind UTC until 1883: 04:56:00Z is still Dec 31, 04:56:02Z is Jan 1.
    expect(localDate(Date.UTC(1850, 0, 1, 4, 56, 0), 'NY')).toBe('1849-12-31')
    expect(localDate(Date.UTC(1850, 0, 1, 4, 56, 2), 'NY')).toBe('1850-01-01')
  })

  it('reads Pago Pago alone until 1911: at 11:22:48 behind UTC, 50 seconds of one UTC minute span two days', () => {
    // American Samoa kept local mean time (-11:22:48) until 1911, past Detroit's 1905.
    expect(localDate(Date.UTC(1908, 0, 1, 11, 22, 0), 'AS')).toBe('1907-12-31')
    expect(localDate(Date.UTC(1908, 0, 1, 11, 22, 50), 'AS')).toBe('1908-01-01')
  })

  it('still gives the same date for every instant of a minute since standard time', () => {
    const midnight = Date.UTC(2026, 10, 28, 5, 0, 0) // 00:00 in New York
    expect(localDate(midnight, 'NY')).toBe('2026-11-28')
    expect(localDate(midnight + 59_000, 'NY')).toBe('2026-11-28')
    expect(localDate(midnight - 1_000, 'NY')).toBe('2026-11-27')
  })
})
