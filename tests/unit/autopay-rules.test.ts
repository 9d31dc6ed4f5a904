import { describe, expect, it } from 'vitest'
import { autopayTermsText, businessDaysBetween, draftDecision, mayChange, nextDraftText, paysDueDate } from '../../shared/payments/autopay'

/** Issue 22 item 2: which due date an enrolment pays, and until when it may be stopped or changed. */
describe('automatic payment rules', () => {
  it('counts business days, Monday to Friday', () => {
    expect(businessDaysBetween('2026-12-04', '2026-12-07')).toBe(1) // Friday -> Monday
    expect(businessDaysBetween('2026-12-07', '2026-12-10')).toBe(3) // Monday -> Thursday
    expect(businessDaysBetween('2026-12-10', '2026-12-10')).toBe(0)
    expect(businessDaysBetween('2026-12-10', '2026-12-01')).toBe(0)
  })

  it('pays a due date 3 business days after the enrolment, not one closer', () => {
    expect(paysDueDate('2026-12-07', '2026-12-10')).toBe(true)
    expect(paysDueDate('2026-12-08', '2026-12-10')).toBe(false)
  })

  it('charges on the due date and a few days after (a missed run), never before or long after', () => {
    const base = { enrolledOn: '2026-11-26', dueDate: '2026-12-10', dueCents: 5000 }
    expect(draftDecision({ ...base, today: '2026-12-09' })).toBe('not-yet')
    expect(draftDecision({ ...base, today: '2026-12-10' })).toBe('charge')
    expect(draftDecision({ ...base, today: '2026-12-13' })).toBe('charge')
    expect(draftDecision({ ...base, today: '2026-12-14' })).toBe('missed')
    expect(draftDecision({ ...base, dueCents: 0, today: '2026-12-10' })).toBe('nothing-due')
    expect(draftDecision({ ...base, enrolledOn: '2026-12-09', today: '2026-12-10' })).toBe('not-covered')
  })

  it('lets a stop or change happen until 3 business days before the draft', () => {
    const base = { enrolledOn: '2026-11-26', dueDate: '2026-12-10', drafted: false }
    expect(mayChange({ ...base, today: '2026-12-07' })).toBe(true)
    expect(mayChange({ ...base, today: '2026-12-08' })).toBe(false)
    expect(mayChange({ ...base, today: '2026-12-10' })).toBe(false)
    expect(mayChange({ ...base, today: '2026-12-08', drafted: true })).toBe(true)
    expect(mayChange({ ...base, today: '2026-12-11' })).toBe(true)
    expect(nextDraftText({ ...base, dueCents: 100, today: '2026-12-01' })).toBe('Your next automatic payment is on 12/10/2026.')
  })

  it('names the account, the timing, the amount and how to stop in the bank authorization', () => {
    const text = autopayTermsText({ kind: 'bank', method: 'JPMorgan Chase account ending in 6789', policyId: 'HOM1', supportPhone: '1-800-555-0100' })
    expect(text).toContain('debit my JPMorgan Chase account ending in 6789 electronically (ACH) on each due date of policy HOM1')
    expect(text).toContain('for the amount due on that date')
    expect(text).toContain('up to 3 business days before a draft')
    expect(text).toContain('1-800-555-0100')
  })
})
