import { describe, expect, it } from 'vitest'
import { addBusinessDays, addCalendarDays, isBusinessDay, isFederalHoliday, usFederalHolidays } from '../../shared/business-days'
import { claimRules, stateDeadlines, type DeadlineKind } from '../../shared/claims/deadlines/deadline-rules'
import { claimDeadlines, type DeadlineEvent } from '../../shared/claims/deadlines/claim-deadlines'
import { proofOfLossDueDate } from '../../shared/claims/flood-deadlines'

/**
 * Issue 33 item 3 (decision 212): the deadlines' rules by state, with dates across weekends and federal
 * holidays, and one business-day count for all of them.
 */
describe('US federal holidays (5 U.S.C. 6103) and business days', () => {
  it('lists the eleven holidays of 2026 on their observed days', () => {
    expect(usFederalHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03', // July 4 is a Saturday: observed on the Friday
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ])
  })

  it.each([
    ['2027-12-31', true, "New Year's Day 2028 is a Saturday: observed on Friday Dec 31, 2027"],
    ['2028-01-01', false, 'the Saturday itself is a weekend day, not the observed holiday'],
    ['2027-06-18', true, 'Juneteenth 2027 is a Saturday: observed on the Friday'],
    ['2027-12-24', true, 'Christmas 2027 is a Saturday: observed on Friday Dec 24'],
    ['2028-12-25', true, 'Christmas 2028 is a Monday'],
    ['2026-11-27', false, 'the day after Thanksgiving is not a federal holiday'],
    ['2026-03-10', false, 'an ordinary Tuesday'],
  ])('%s is a holiday: %s (%s)', (date, holiday) => {
    expect(isFederalHoliday(date)).toBe(holiday)
  })

  it('a business day is a weekday that is not an observed holiday', () => {
    expect(isBusinessDay('2026-11-26')).toBe(false) // Thanksgiving
    expect(isBusinessDay('2026-11-28')).toBe(false) // Saturday
    expect(isBusinessDay('2026-11-27')).toBe(true)
  })

  it.each([
    ['2026-11-13', 15, '2026-12-07', 'Texas: 15 business days from a Friday across weekends and Thanksgiving'],
    ['2026-12-22', 5, '2026-12-30', 'Texas pay: 5 business days across Christmas (a Friday) and a weekend'],
    ['2026-12-31', 1, '2027-01-04', "New Year's Day (Friday) and the weekend skipped"],
    ['2026-07-02', 1, '2026-07-06', 'July 4 observed on Friday July 3'],
    ['2026-03-06', 0, '2026-03-06', 'zero days is the day itself'],
  ])('%s plus %i business days is %s (%s)', (from, days, due) => {
    expect(addBusinessDays(from, days)).toBe(due)
  })

  it('calendar days count weekends and holidays alike', () => {
    expect(addCalendarDays('2026-12-28', 7)).toBe('2027-01-04')
    expect(addCalendarDays('2028-02-20', 10)).toBe('2028-03-01') // leap year
  })
})

const rulesOf = (state: string) => stateDeadlines(state).rules.map((r) => [r.kind, r.days, r.unit, r.from, r.source])

describe('the rules table, each row with its source', () => {
  it('Florida: acknowledge in 7 days, the Bill of Rights in 14, pay or deny in 60 (Fla. Stat. 627.70131, 627.7142)', () => {
    expect(rulesOf('FL')).toEqual([
      ['acknowledge', 7, 'calendar', 'reported', 'Fla. Stat. 627.70131(1)(a)'],
      ['bill-of-rights', 14, 'calendar', 'reported', 'Fla. Stat. 627.7142'],
      ['pay-or-deny', 60, 'calendar', 'reported', 'Fla. Stat. 627.70131(7)(a)'],
    ])
    expect(stateDeadlines('fl').department.phone).toBe('1-877-693-5236')
  })

  it('Texas: acknowledge in 15 days, decide 15 business days after all items (45 more with notice), pay in 5 business days (ch. 542)', () => {
    expect(rulesOf('TX')).toEqual([
      ['acknowledge', 15, 'calendar', 'reported', 'Tex. Ins. Code 542.055(a)'],
      ['decide', 15, 'business', 'all-items', 'Tex. Ins. Code 542.056(a), (d)'],
      ['pay', 5, 'business', 'accepted', 'Tex. Ins. Code 542.057(a)'],
    ])
    expect(stateDeadlines('TX').rules[1]!.moreTime).toEqual({ days: 45 })
    expect(stateDeadlines('TX').department.phone).toBe('1-800-252-3439')
  })

  it('California: acknowledge in 15 calendar days, decide in 40 after proof of claim, written updates every 30 (10 CCR 2695.5, 2695.7)', () => {
    expect(rulesOf('CA')).toEqual([
      ['acknowledge', 15, 'calendar', 'reported', '10 CCR 2695.5(e)(1)'],
      ['decide', 40, 'calendar', 'all-items', '10 CCR 2695.7(b)'],
      ['written-update', 30, 'calendar', 'more-time-letter', '10 CCR 2695.7(c)(1)'],
      ['pay', 30, 'calendar', 'accepted', '10 CCR 2695.7(h)'],
    ])
  })

  it("any other state: the NAIC model's 15 days to acknowledge, and the directory of departments (no one number)", () => {
    expect(rulesOf('OH')).toEqual([
      ['acknowledge', 15, 'calendar', 'reported', 'NAIC Unfair Property/Casualty Claims Settlement Practices Model Regulation (#902) §6'],
    ])
    expect(stateDeadlines('OH').department).toMatchObject({ phone: null, site: 'https://content.naic.org/state-insurance-departments' })
  })

  it("a flood claim has the policyholder's NFIP deadlines in every state, not the state's claims law", () => {
    for (const state of ['FL', 'TX', 'OH'])
      expect(claimRules(state, 'flood').map((r) => [r.kind, r.days, r.source])).toEqual([
        ['proof-of-loss', 60, '44 CFR Part 61, Appendix A(1), VII.J.4'],
        ['appeal', 60, '44 CFR 62.20'],
      ])
  })

  it('every row names its source', () => {
    for (const state of ['FL', 'TX', 'CA', 'OH'])
      for (const family of ['homeowners', 'flood'] as const) {
        for (const r of claimRules(state, family)) expect(r.source.length).toBeGreaterThan(5)
      }
  })
})

const ev = (type: DeadlineEvent['type'], date: string, data: Record<string, unknown> = {}): DeadlineEvent => ({ type, date, data })
const find = (r: ReturnType<typeof claimDeadlines>, kind: DeadlineKind) => r.deadlines.find((d) => d.rule.kind === kind)!

describe('a claim’s deadlines from its events', () => {
  it('Florida: 7 days to acknowledge across New Year; acknowledged in time, Bill of Rights missed, 60 days still open', () => {
    const r = claimDeadlines({
      state: 'FL',
      family: 'homeowners',
      lossDate: '2026-12-26',
      reportedOn: '2026-12-28',
      events: [ev('claim.accepted', '2027-01-04', { carrierClaimNumber: 'C-1' })],
      today: '2027-01-20',
    })
    expect(find(r, 'acknowledge')).toMatchObject({ due: '2027-01-04', state: 'met', doneOn: '2027-01-04' })
    expect(find(r, 'bill-of-rights')).toMatchObject({ due: '2027-01-11', state: 'missed', doneOn: null })
    expect(find(r, 'pay-or-deny')).toMatchObject({ due: '2027-02-26', state: 'open' })
    expect(r.department.name).toContain('Florida Department of Financial Services')
  })

  it('Florida: a denial meets pay-or-deny; an acceptance alone does not, the payment does', () => {
    const base = { state: 'FL', family: 'homeowners' as const, lossDate: '2026-03-01', reportedOn: '2026-03-02', today: '2026-06-01' }
    expect(find(claimDeadlines({ ...base, events: [ev('claim.decided', '2026-04-01', { outcome: 'denied' })] }), 'pay-or-deny')).toMatchObject({
      state: 'met',
      doneOn: '2026-04-01',
    })
    const accepted = claimDeadlines({ ...base, events: [ev('claim.decided', '2026-04-01', { outcome: 'accepted' })] })
    expect(find(accepted, 'pay-or-deny')).toMatchObject({ due: '2026-05-01', state: 'missed' })
    const paidLate = claimDeadlines({ ...base, events: [ev('claim.decided', '2026-04-01', { outcome: 'accepted' }), ev('payment.issued', '2026-05-04')] })
    expect(find(paidLate, 'pay-or-deny')).toMatchObject({ state: 'late', doneOn: '2026-05-04' })
  })

  it('Texas: 15 business days after all items span Thanksgiving and two weekends; payment 5 business days after acceptance', () => {
    const r = claimDeadlines({
      state: 'TX',
      family: 'homeowners',
      lossDate: '2026-10-30',
      reportedOn: '2026-11-02',
      events: [
        ev('adjuster.assigned', '2026-11-05'),
        ev('proof.complete', '2026-11-13'),
        ev('claim.decided', '2026-12-07', { outcome: 'accepted' }),
        ev('payment.issued', '2026-12-15'),
      ],
      today: '2026-12-20',
    })
    expect(find(r, 'acknowledge')).toMatchObject({ due: '2026-11-17', state: 'met', doneOn: '2026-11-05' })
    expect(find(r, 'decide')).toMatchObject({ due: '2026-12-07', state: 'met', doneOn: '2026-12-07' })
    // Dec 7 (Mon) + 5 business days = Dec 14 (Mon); paid on the 15th.
    expect(find(r, 'pay')).toMatchObject({ due: '2026-12-14', state: 'late', doneOn: '2026-12-15' })
  })

  it('Texas: before all items, the decision has no date yet; a notice asking for more time moves it 45 days after the notice', () => {
    const base = { state: 'TX', family: 'homeowners' as const, lossDate: '2026-10-30', reportedOn: '2026-11-02', today: '2026-12-20' }
    expect(find(claimDeadlines({ ...base, events: [] }), 'decide')).toMatchObject({ due: null, state: 'waiting' })
    expect(find(claimDeadlines({ ...base, events: [] }), 'acknowledge')).toMatchObject({ due: '2026-11-17', state: 'missed' })
    const moved = claimDeadlines({
      ...base,
      events: [ev('proof.complete', '2026-11-13'), ev('letter.sent', '2026-12-01', { letter: 'more-time-needed' })],
    })
    expect(find(moved, 'decide')).toMatchObject({ due: '2027-01-15', movedFrom: '2026-12-07', state: 'open' })
    // The notice came after the 15 business days: it moves nothing.
    const tooLate = claimDeadlines({
      ...base,
      events: [ev('proof.complete', '2026-11-13'), ev('letter.sent', '2026-12-08', { letter: 'more-time-needed' })],
    })
    expect(find(tooLate, 'decide')).toMatchObject({ due: '2026-12-07', movedFrom: null, state: 'missed' })
  })

  it('California: 40 days after proof of claim; more time asked in writing brings written updates every 30 days', () => {
    const base = { state: 'CA', family: 'homeowners' as const, lossDate: '2026-10-01', reportedOn: '2026-10-02' }
    const proof = ev('proof.complete', '2026-10-20')
    expect(find(claimDeadlines({ ...base, events: [proof], today: '2026-11-29' }), 'decide')).toMatchObject({ due: '2026-11-29', state: 'open' })
    expect(find(claimDeadlines({ ...base, events: [proof], today: '2026-11-30' }), 'decide')).toMatchObject({ state: 'missed' })
    expect(find(claimDeadlines({ ...base, events: [proof], today: '2026-11-30' }), 'written-update')).toMatchObject({ state: 'waiting' })

    const letter = ev('letter.sent', '2026-11-25', { letter: 'more-time-needed' })
    const extended = claimDeadlines({ ...base, events: [proof, letter], today: '2026-12-10' })
    expect(find(extended, 'decide')).toMatchObject({ due: null, state: 'extended', doneOn: '2026-11-25', movedFrom: '2026-11-29' })
    expect(find(extended, 'written-update')).toMatchObject({ due: '2026-12-25', state: 'open' })
    // No update by Dec 25: missed.
    expect(find(claimDeadlines({ ...base, events: [proof, letter], today: '2026-12-26' }), 'written-update')).toMatchObject({ state: 'missed' })
    // An update on Dec 20, then the decision on Jan 10: both in time.
    const decided = claimDeadlines({
      ...base,
      events: [proof, letter, ev('letter.sent', '2026-12-20', { letter: 'status-update' }), ev('claim.decided', '2027-01-10', { outcome: 'accepted' })],
      today: '2027-01-12',
    })
    expect(find(decided, 'written-update')).toMatchObject({ due: '2027-01-19', state: 'met', doneOn: '2027-01-10' })
    expect(find(decided, 'decide')).toMatchObject({ state: 'met', doneOn: '2027-01-10' })
    expect(find(decided, 'pay')).toMatchObject({ due: '2027-02-09', state: 'open' })
  })

  it("flood: the proof of loss is flood-deadlines.ts's date, met when the team has every item; an appeal 60 days after a denial letter", () => {
    const r = claimDeadlines({
      state: 'FL',
      family: 'flood',
      lossDate: '2026-09-28',
      reportedOn: '2026-09-29',
      events: [ev('proof.complete', '2026-11-20'), ev('claim.decided', '2026-12-01', { outcome: 'partly-denied' })],
      today: '2027-02-01',
    })
    expect(find(r, 'proof-of-loss')).toMatchObject({ due: proofOfLossDueDate('2026-09-28'), state: 'met', doneOn: '2026-11-20' })
    expect(find(r, 'appeal')).toMatchObject({ due: '2027-01-30', state: 'passed' })
    expect(r.deadlines.every((d) => d.rule.party === 'policyholder')).toBe(true)
  })

  it('events before the start do not meet a deadline that counts from a later one', () => {
    const r = claimDeadlines({
      state: 'TX',
      family: 'homeowners',
      lossDate: '2026-03-01',
      reportedOn: '2026-03-02',
      events: [ev('payment.issued', '2026-03-05'), ev('claim.decided', '2026-03-20', { outcome: 'accepted' })],
      today: '2026-03-25',
    })
    expect(find(r, 'pay')).toMatchObject({ due: '2026-03-27', state: 'open', doneOn: null })
  })
})
