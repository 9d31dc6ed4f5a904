import { describe, it, expect } from 'vitest'
import { meetsPasswordRule } from '../../shared/identity/password-rule'
import { findPolicyBackTarget, findPolicyOutcome } from '../../shared/identity/find-policy'
import { canRemovePolicy, nicknameChanged, NICKNAME_MAX } from '../../shared/identity/nickname'
import { identityMatches, normalizeLastName } from '../../shared/identity/identity'
import { isFutureDate, latestCalendarDate, parseBirthDate } from '../../shared/identity/birth-date'
import { isPolicyNumberFormat, normalizePolicyNumber } from '../../shared/policy/policy-number'

describe('password complexity (spec 000 section 5: "7 to 35 characters, at least one uppercase letter, at least one lowercase letter, and at least one digit or special character")', () => {
  it.each([
    ['Abcdef1', true, '7 characters, upper, lower, digit'],
    ['Abcdef!', true, 'a special character instead of a digit'],
    ['Abcde f', true, 'a space counts as special'],
    ['Abcdé#g', true, 'accented lowercase letters are lowercase'],
    ['Abcde1', false, '6 characters: too short'],
    ['A' + 'b'.repeat(33) + '1', true, '35 characters'],
    ['A' + 'b'.repeat(34) + '1', false, '36 characters: too long'],
    ['abcdef1', false, 'no uppercase'],
    ['ABCDEF1', false, 'no lowercase'],
    ['Abcdefg', false, 'neither digit nor special character'],
    ['', false, 'empty'],
  ])('%j -> %s (%s)', (password, ok) => expect(meetsPasswordRule(password)).toBe(ok))
})

describe('Find policy outcome (spec 000 section 4 "Find policy")', () => {
  const none = { profileLoaded: false, profileFlagged: false }
  const loaded = { profileLoaded: true, profileFlagged: false }
  const flagged = { profileLoaded: true, profileFlagged: true }
  it.each([
    // "1. If sendToProgressive is true and (a profile is loaded or the profile is flagged), go to GreatNews."
    [{ sendToProgressive: true, errorMessage: null }, loaded, { kind: 'route', to: 'GreatNews' }],
    [{ sendToProgressive: true, errorMessage: null }, flagged, { kind: 'route', to: 'GreatNews' }],
    [
      { sendToProgressive: true, errorMessage: null },
      { profileLoaded: false, profileFlagged: true },
      { kind: 'route', to: 'GreatNews' },
    ],
    // "2. Else, if there is no error message, store the policy id and go to RegisterPolicy (no profile) or AddPolicy (profile loaded)."
    [{ sendToProgressive: true, errorMessage: null }, none, { kind: 'route', to: 'RegisterPolicy' }],
    [{ sendToProgressive: false, errorMessage: null }, none, { kind: 'route', to: 'RegisterPolicy' }],
    [{ sendToProgressive: false, errorMessage: '' }, loaded, { kind: 'route', to: 'AddPolicy' }],
    [{ sendToProgressive: false, errorMessage: null }, flagged, { kind: 'route', to: 'AddPolicy' }],
    // "3. Else show the error message above the form."
    [{ sendToProgressive: false, errorMessage: 'Nope.' }, loaded, { kind: 'message', message: 'Nope.' }],
    [{ sendToProgressive: false, errorMessage: 'Nope.' }, none, { kind: 'message', message: 'Nope.' }],
  ] as const)('%j with %j -> %j', (result, who, outcome) => expect(findPolicyOutcome(result, who)).toEqual(outcome))

  // "Back goes to Login if no profile is loaded, to AccountHome if the profile has sendToProgressive set, otherwise to ManagePolicies."
  it.each([
    [{ profileLoaded: false, sendToProgressive: false }, 'Login'],
    [{ profileLoaded: false, sendToProgressive: true }, 'Login'],
    [{ profileLoaded: true, sendToProgressive: true }, 'AccountHome'],
    [{ profileLoaded: true, sendToProgressive: false }, 'ManagePolicies'],
  ] as const)('Back with %j -> %s', (who, to) => expect(findPolicyBackTarget(who)).toBe(to))
})

describe('nickname edit and remove (spec 000 section 4)', () => {
  it('nickname maximum is 20 (section 5)', () => expect(NICKNAME_MAX).toBe(20))
  // "Save sends an update only if the nickname changed"
  it.each([
    ['Home', 'Home', false],
    ['Home', ' Home ', false],
    ['', '', false],
    ['Home', 'home', true],
    ['Home', 'Cabin', true],
    ['', 'Cabin', true],
    ['Cabin', '', true],
  ])('%j -> %j changed: %s', (from, to, changed) => expect(nicknameChanged(from, to)).toBe(changed))
  // "The Remove button is disabled when only one policy remains."
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [5, true],
  ])('%i linked -> removable %s', (n, ok) => expect(canRemovePolicy(n)).toBe(ok))
})

describe('date of birth (spec 000 section 5: "must match yyyy-mm-dd or yyyy/mm/dd and be a real date"; "A future date cannot be entered.")', () => {
  it.each([
    ['1975-04-12', '1975-04-12'],
    ['1975/04/12', '1975-04-12'],
    [' 2000-02-29 ', '2000-02-29'],
    ['1900-02-29', null],
    ['1975-02-30', null],
    ['1975-13-01', null],
    ['1975-00-10', null],
    ['1975-04-1', null],
    ['1975-04/12', null],
    ['04/12/1975', null],
    ['19750412', null],
    ['', null],
  ])('%j -> %j', (input, parsed) => expect(parseBirthDate(input)).toBe(parsed))

  it.each([
    ['2026-11-22', '2026-11-21', true],
    ['2026-11-21', '2026-11-21', false],
    ['1975-04-12', '2026-11-21', false],
  ])('%s after %s: %s', (date, today, future) => expect(isFutureDate(date, today)).toBe(future))

  it('"today" is the calendar date of the earliest time zone, so nobody’s today is in the future', () => {
    expect(latestCalendarDate(Date.UTC(2026, 10, 21, 9, 59))).toBe('2026-11-21')
    expect(latestCalendarDate(Date.UTC(2026, 10, 21, 10, 0))).toBe('2026-11-22')
  })
})

describe('identity check of Register and Add policy', () => {
  const homeowners = { policyId: 'HOM4090001', lastName: 'Rivera', birthDate: '1975-04-12' }
  const flood = { policyId: 'FLD4090002', lastName: 'Nguyen', birthDate: null }
  const excessWithDate = { policyId: 'EXF4090009', lastName: "O'Neil", birthDate: '1960-01-01' }
  it.each([
    [homeowners, { lastName: 'Rivera', birthDate: '1975-04-12' }, true],
    [homeowners, { lastName: '  rIVERA ', birthDate: '1975-04-12' }, true],
    [homeowners, { lastName: 'Rivera', birthDate: '1975-04-13' }, false],
    [homeowners, { lastName: 'Rivers', birthDate: '1975-04-12' }, false],
    [homeowners, { lastName: 'Rivera', birthDate: null }, false],
    // "Date of birth is required unless the policy number starts with FLD or has EX in its first three characters"
    [flood, { lastName: 'Nguyen', birthDate: null }, true],
    [flood, { lastName: 'Nguyen', birthDate: '1980-01-01' }, true],
    [flood, { lastName: 'Ngu', birthDate: null }, false],
    [excessWithDate, { lastName: "o'neil", birthDate: null }, true],
    [excessWithDate, { lastName: "O'Neil", birthDate: '1960-01-01' }, true],
    [excessWithDate, { lastName: "O'Neil", birthDate: '1960-01-02' }, false],
    [{ policyId: 'HOM1', lastName: 'Doe', birthDate: null }, { lastName: 'Doe', birthDate: '1960-01-01' }, false],
  ])('%j with %j -> %s', (record, input, ok) => expect(identityMatches(input, record)).toBe(ok))

  it('ignores case and repeated spaces in a last name', () => expect(normalizeLastName('  Van   Der  BERG ')).toBe('van der berg'))
})

describe('policy numbers (Find My Policy help: "three-letter prefix then digits, no spaces, for example FLA12345")', () => {
  it.each([
    ['FLA12345', true],
    ['HOM4090001', true],
    ['EX123456', true],
    ['AEX4040004', true],
    ['FLA 12345', false],
    ['F12345', false],
    ['FLAT12345', false],
    ['FLA', false],
    ['12345', false],
    ['FLA12', false],
  ])('%s -> %s', (id, ok) => expect(isPolicyNumberFormat(id)).toBe(ok))
  it('trims and uppercases', () => expect(normalizePolicyNumber('  fla12345 ')).toBe('FLA12345'))
})
