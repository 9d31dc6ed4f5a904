import { describe, expect, it } from 'vitest'
import { amountPaidText } from '../../shared/claims/follow-up/amount-paid'

describe("Claims History's Amount Paid (issue 21 item 5)", () => {
  it.each([
    ['just reported, nothing paid', 0, 'Reported', 'None yet'],
    ['open, nothing paid', 0, 'Open', 'None yet'],
    ['open with a payment', 125050, 'Open', '$1,250.50'],
    ['closed with nothing paid keeps its outcome', 0, 'Closed', '$0.00'],
    ['closed without payment keeps its outcome', 0, 'Closed - Withdrawn', '$0.00'],
    ['closed and paid', 98000, 'Closed', '$980.00'],
  ] as const)('%s', (_name, amount, status, shown) => {
    expect(amountPaidText(amount, status)).toBe(shown)
  })
})
