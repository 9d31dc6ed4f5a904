import { describe, it, expect } from 'vitest'
import { daysLeft, proofOfLossApplies, proofOfLossDueDate, reminderToSend } from '../../shared/claims/flood-deadlines'

/**
 * The Standard Flood Insurance Policy, 44 CFR Part 61, Appendix A(1), VII.J.4: "Within 60 days after
 * the loss, send us a proof of loss, which is your statement of the amount you are claiming under the
 * policy signed and sworn to by you". Reminders go out 14 and 3 days before that date.
 */
describe('Proof of Loss due date: 60 days after the loss', () => {
  it.each([
    ['2026-01-01', '2026-03-02'], // 31 (rest of Jan) + 28 (Feb) + 1
    ['2026-08-29', '2026-10-28'],
    ['2028-01-01', '2028-03-01'], // a leap year: February has 29 days
    ['2026-11-15', '2027-01-14'], // across the year's end
    ['2026-03-08', '2026-05-07'], // a daylight-saving change in between shifts nothing
  ])('loss on %s: due %s', (loss, due) => {
    expect(proofOfLossDueDate(loss)).toBe(due)
  })

  it('refuses what is not a calendar date', () => {
    expect(() => proofOfLossDueDate('2026-02-30')).toThrow(RangeError)
    expect(() => proofOfLossDueDate('03/01/2026')).toThrow(RangeError)
  })
})

describe("days left, on the policyholder's date", () => {
  it.each([
    ['2026-03-02', '2026-01-01', 60],
    ['2026-03-02', '2026-03-01', 1],
    ['2026-03-02', '2026-03-02', 0],
    ['2026-03-02', '2026-03-05', -3],
  ])('due %s, today %s: %i', (due, today, left) => {
    expect(daysLeft(due, today)).toBe(left)
  })
})

describe('the reminder the scheduled work sends (once each, by its dedupe key)', () => {
  it.each([
    ['2026-02-15', null], // 15 days left: none yet
    ['2026-02-16', 14], // 14 days before
    ['2026-02-20', 14], // a run missed on the day, or accepted inside the 14 days: still the 14-day one
    ['2026-02-26', 14],
    ['2026-02-27', 3], // 3 days before
    ['2026-03-02', 3], // the due day itself
    ['2026-03-03', null], // past the due date: no reminder
  ])('due 2026-03-02, today %s: %s', (today, which) => {
    expect(reminderToSend('2026-03-02', today)).toBe(which)
  })
})

describe('shown and reminded once accepted and until closed, for flood claims only', () => {
  it.each([
    ['flood', 'Reported', false],
    ['flood', 'Received', false],
    ['flood', 'Open', true],
    ['flood', 'Closed', false],
    ['homeowners', 'Open', false],
  ])('%s claim, %s: %s', (family, status, shown) => {
    expect(proofOfLossApplies({ family, status })).toBe(shown)
  })
})
