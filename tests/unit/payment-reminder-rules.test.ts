import { describe, expect, it } from 'vitest'
import { isFloodRenewal, reminderFor, reminderText } from '../../shared/payments/reminders'

/** Issue 22 item 3: which reminder a day brings, and what a flood renewal's says. */
describe('payment reminder rules', () => {
  it('reminds 7 days before (or later in the week, for a missed run), 1 day before, and past due for 3 days', () => {
    const due = '2026-12-10'
    expect(reminderFor('2026-12-02', due)).toBeNull()
    expect(reminderFor('2026-12-03', due)).toBe('due-in-7')
    expect(reminderFor('2026-12-08', due)).toBe('due-in-7')
    expect(reminderFor('2026-12-09', due)).toBe('due-in-1')
    expect(reminderFor('2026-12-10', due)).toBe('due-in-1')
    expect(reminderFor('2026-12-11', due)).toBe('past-due')
    expect(reminderFor('2026-12-13', due)).toBe('past-due')
    expect(reminderFor('2026-12-14', due)).toBeNull()
  })

  it('calls a flood payment near the renewal date a renewal, and says what a lapse means', () => {
    expect(isFloodRenewal({ isFlood: true, dueDate: '2027-03-01', renewalDate: '2027-03-15' })).toBe(true)
    expect(isFloodRenewal({ isFlood: true, dueDate: '2026-11-30', renewalDate: '2027-10-20' })).toBe(false)
    expect(isFloodRenewal({ isFlood: false, dueDate: '2027-03-15', renewalDate: '2027-03-15' })).toBe(false)
    const text = reminderText({
      kind: 'due-in-1',
      policyId: 'FLD1',
      amountCents: 142300,
      dueDate: '2027-03-15',
      floodRenewal: true,
      portalUrl: 'https://p',
      supportPhone: '1',
    })
    expect(text).toContain('$1,423.00')
    expect(text).toContain('your flood policy will end (lapse)')
    expect(text).toContain('wait 30 days')
  })
})
