import { describe, expect, it } from 'vitest'
import { dateOf } from '../../worker/services/esign/esign'

// In workerd itself: its Intl must know the states' time zones for the signature's date.
describe("e-sign's dateSigned is the policyholder's date (shared/clock.ts)", () => {
  const sevenPmInCalifornia = Date.parse('2026-07-14T02:00:00Z') // July 13, 19:00 PDT; UTC says July 14

  it.each([
    ['CA', '2026-07-13'],
    ['NY', '2026-07-13'],
    ['AZ', '2026-07-13'],
    ['HI', '2026-07-13'],
    ['GU', '2026-07-14'],
  ])('signed at 02:00 UTC on July 14, a %s policy is dated %s', (state, date) => {
    expect(dateOf(sevenPmInCalifornia, state)).toBe(date)
  })

  it('just before and after midnight in California in winter', () => {
    expect(dateOf(Date.parse('2026-01-15T07:59:00Z'), 'CA')).toBe('2026-01-14')
    expect(dateOf(Date.parse('2026-01-15T08:00:00Z'), 'CA')).toBe('2026-01-15')
  })
})
