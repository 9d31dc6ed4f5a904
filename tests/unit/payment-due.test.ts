import { describe, it, expect } from 'vitest'
import { paymentDue, type PaymentDueFacts } from '../../shared/payments/payment-due'

// totalDue is deliberately not amountDue + pastDue (40000 + 10000): every expectation below can tell
// which of the three fields a rule reads.
const base: PaymentDueFacts = {
  policyID: 'HOM4010001',
  features: {},
  policyStatus: 'Active',
  previousCancelled: false,
  isFlood: false,
  isExcessFlood: false,
  isUmbrella: false,
  numberOfTermsDue: 0,
  paymentMessage: '',
  totalDue: 187500,
  recentPayment: 0,
  amountDue: 40000,
  pastDue: 10000,
  eftFlag: false,
  dueDate: '2026-12-01',
}

describe('payment-due box priorities (spec 001)', () => {
  it.each([
    ['1: cancelled', { policyStatus: 'Cancelled' }, { kind: 'contact', text: 'Cancelled Policy' }],
    ['1: previously cancelled', { previousCancelled: true }, { kind: 'contact', text: 'Please contact your agent to make a payment.' }],
    ['1: non-flood with 2 terms due', { numberOfTermsDue: 2 }, { kind: 'contact', text: 'Please contact your agent to make a payment.' }],
    ['1: flood with 1 term due', { isFlood: true, numberOfTermsDue: 1 }, { kind: 'contact', text: 'Please contact your agent to make a payment.' }],
    ['2: payment message', { paymentMessage: 'Your payment is being processed.' }, { kind: 'message', text: 'Your payment is being processed.' }],
    ['3: paid in full (total due 0, though amount and past due are not)', { totalDue: 0 }, { kind: 'paid', text: 'Paid in full.' }],
    ['3: credit balance', { totalDue: -500 }, { kind: 'paid', text: 'Paid in full.' }],
    ['4: recent payment', { recentPayment: 12345 }, { kind: 'recent', text: 'Thank you for your recent payment of', amount: 12345 }],
  ] as const)('%s', (_name, change, expected) => {
    expect(paymentDue({ ...base, ...change })).toEqual(expected)
  })

  it('non-flood with exactly 1 term due is not sent to the agent', () => {
    expect(paymentDue({ ...base, numberOfTermsDue: 1 }).kind).toBe('due')
  })

  it('3 reads total due: a total still due is not "Paid in full.", even with no amount or past due', () => {
    expect(paymentDue({ ...base, amountDue: 0, pastDue: 0 })).toMatchObject({ kind: 'due', amount: 0 })
  })

  it('5: amount due plus past due (not total due), by date, with a Make a Payment button', () => {
    expect(paymentDue(base)).toEqual({ kind: 'due', amount: 50000, dateLabel: 'By:', date: '2026-12-01', canPay: true, drafts: false })
    expect(paymentDue({ ...base, pastDue: 0 })).toMatchObject({ kind: 'due', amount: 40000 })
    expect(paymentDue({ ...base, amountDue: 0 })).toMatchObject({ kind: 'due', amount: 10000 })
  })

  it('5: on EFT shows the next draft date, and that a draft takes it', () => {
    expect(paymentDue({ ...base, eftFlag: true })).toMatchObject({ dateLabel: 'Next EFT Draft:', drafts: true })
  })

  // Issue 35 (decision 222): the button is offered only where Make a Payment would show its form.
  it.each([
    ['excess flood (the agent takes it)', { isFlood: true, isExcessFlood: true, policyID: 'AEX4040004' }],
    ['flood with online payments switched off', { isFlood: true, policyID: 'FLD4050011', features: { 'pH.DisableFloodPayments': true } }],
  ] as const)('5: no Make a Payment button on %s', (_name, change) => {
    expect(paymentDue({ ...base, ...change })).toMatchObject({ kind: 'due', canPay: false })
  })
})
