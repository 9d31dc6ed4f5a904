import { describe, expect, it } from 'vitest'
import {
  BILLING_PLANS,
  billingNowOf,
  billingPlanChangeProblem,
  billingPlanChangeSchema,
  billingSchedule,
  BILLING_TEXT,
  describeBillingPlanChange,
  firstDueDate,
  PLAN_RULES,
  type BillingNow,
} from '../../shared/policy/changes/billing-plan'

/** The one schedule function of decision 217: the choosing page, the review and the stand-in's bind all use it. */
const total = (s: { amountCents: number }[]) => s.reduce((n, i) => n + i.amountCents, 0)

describe('billingSchedule', () => {
  it.each([1, 99_999, 100_000, 198_000, 184_501, 7])('adds up to what is owed plus the fees, to the cent, for %i cents owed', (owed) => {
    for (const plan of BILLING_PLANS) {
      const rule = PLAN_RULES[plan]
      const s = billingSchedule({ owedCents: owed, rule, day: 15, today: '2026-11-28' })
      expect(s).toHaveLength(rule.installments)
      expect(total(s)).toBe(owed + rule.installments * rule.feeCents)
      for (const i of s) expect(Number.isInteger(i.amountCents)).toBe(true)
    }
  })

  it('gives the rounding remainder to the last installment', () => {
    // $1,000.01 in ten: nine of $100.00 and a last of $100.01, each with the $5.00 fee.
    const s = billingSchedule({ owedCents: 100_001, rule: PLAN_RULES.monthly, day: 5, today: '2026-11-28' })
    expect(s.slice(0, 9).every((i) => i.amountCents === 10_000 + 500)).toBe(true)
    expect(s[9]!.amountCents).toBe(10_001 + 500)
  })

  it('puts every date on the chosen day, months apart as the plan says, across the year’s end', () => {
    const s = billingSchedule({ owedCents: 120_000, rule: PLAN_RULES.four, day: 20, today: '2026-11-28' })
    expect(s.map((i) => i.dueDate)).toEqual(['2026-12-20', '2027-03-20', '2027-06-20', '2027-09-20'])
    const m = billingSchedule({ owedCents: 120_000, rule: PLAN_RULES.monthly, day: 28, today: '2026-11-28' })
    expect(m.map((i) => i.dueDate)).toEqual([
      '2026-12-28',
      '2027-01-28',
      '2027-02-28',
      '2027-03-28',
      '2027-04-28',
      '2027-05-28',
      '2027-06-28',
      '2027-07-28',
      '2027-08-28',
      '2027-09-28',
    ])
  })

  it('starts on the first chosen day after today, never on a day already past or today', () => {
    expect(firstDueDate('2026-11-28', 28)).toBe('2026-12-28')
    expect(firstDueDate('2026-11-27', 28)).toBe('2026-11-28')
    expect(firstDueDate('2026-11-28', 1)).toBe('2026-12-01')
    expect(firstDueDate('2026-12-31', 1)).toBe('2027-01-01')
  })

  it('falls on a shorter month’s last day when the day is beyond it (February, 30-day months, leap years)', () => {
    const s = billingSchedule({ owedCents: 30_000, rule: { installments: 3, monthsApart: 1, feeCents: 0 }, day: 31, today: '2027-01-15' })
    expect(s.map((i) => i.dueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31'])
    expect(firstDueDate('2028-02-10', 30)).toBe('2028-02-29')
    expect(billingSchedule({ owedCents: 100, rule: { installments: 2, monthsApart: 1, feeCents: 0 }, day: 31, today: '2027-03-31' })[1]!.dueDate).toBe(
      '2027-05-31',
    )
  })

  it('pays in full in one payment, no fee', () => {
    expect(billingSchedule({ owedCents: 198_000, rule: PLAN_RULES.full, day: 10, today: '2026-11-28' })).toEqual([
      { dueDate: '2026-12-10', amountCents: 198_000, feeCents: 0 },
    ])
  })
})

describe('the change’s rules and words', () => {
  const now: BillingNow = billingNowOf({ totalDue: 198_000, pastDue: 0, dueDate: '2026-12-10', renewalDate: '2027-11-10' })

  it('reads the policy: no plan known, the due day from its due date', () => {
    expect(now).toEqual({ owedCents: 198_000, pastDueCents: 0, plan: null, dueDay: 10, expiry: '2027-11-10', schedule: [] })
    expect(billingNowOf({ totalDue: 1, pastDue: 0, dueDate: '2026-12-31', renewalDate: '2027-11-10' }).dueDay).toBe(28)
  })

  it('takes a day from 1 to 28 and one of the plans, in clear words', () => {
    expect(billingPlanChangeSchema.safeParse({ plan: 'monthly', dueDay: '15' }).data).toEqual({ plan: 'monthly', dueDay: 15 })
    for (const dueDay of ['0', '29', '31', '', 'x', '1.5']) {
      expect(billingPlanChangeSchema.safeParse({ plan: 'monthly', dueDay }).error?.issues[0]?.message).toBe(BILLING_TEXT.dueDayRequired)
    }
    expect(billingPlanChangeSchema.safeParse({ dueDay: '15' }).error?.issues[0]?.message).toBe(BILLING_TEXT.planRequired)
    expect(billingPlanChangeSchema.safeParse({ plan: 'weekly', dueDay: '15' }).error?.issues[0]?.message).toBe(BILLING_TEXT.planRequired)
  })

  it('refuses the plan and day the policy has now', () => {
    const monthlyOn10 = { ...now, plan: 'monthly' as const }
    expect(billingPlanChangeProblem(monthlyOn10, { action: 'monthly', dueDay: 10 }, '2026-11-28')).toEqual({ field: 'plan', message: BILLING_TEXT.sameAsNow })
    expect(billingPlanChangeProblem(monthlyOn10, { action: 'monthly', dueDay: 12 }, '2026-11-28')).toBeNull()
  })

  it('says what changes: from, to, every installment and the total', () => {
    const lines = describeBillingPlanChange(now, { action: 'two', dueDay: 15 }, '2026-11-28')
    expect(lines).toEqual([
      'Change from your plan now, due on day 10 to Two installments, due on day 15 of the month.',
      'Installment 1 of 2: $993.00 due 12/15/2026 (includes a $3.00 fee).',
      'Installment 2 of 2: $993.00 due 06/15/2027 (includes a $3.00 fee).',
      'In all $1,986.00: $1,980.00 still owed plus $6.00 in installment fees.',
    ])
  })
})
