import { describe, expect, it } from 'vitest'
import { paymentDue, type PaymentDueFacts } from '../../shared/payments/payment-due'
import { paymentFormClosedText, paymentProcessingText, paymentReference, pendingOutcomeText } from '../../shared/payments/pending'
import { eftAfterPaymentText, eftNothingToDoText, type EftFacts } from '../../shared/payments/eft'
import { paymentRefusedHtml } from '../../shared/payments/outcome'

const pending = { paymentId: 'pay_0123456789abcdef0123456789abcdef', amountCents: 12000, createdAt: 0 }

const box: PaymentDueFacts = {
  policyID: 'HOM4010001',
  features: {},
  policyStatus: 'Active',
  previousCancelled: false,
  isFlood: false,
  isExcessFlood: false,
  isUmbrella: false,
  numberOfTermsDue: 0,
  paymentMessage: '',
  totalDue: 60000,
  recentPayment: 0,
  amountDue: 12000,
  pastDue: 0,
  eftFlag: false,
  dueDate: '2026-12-01',
}

describe('a payment being processed in the payment-due box (decision 171)', () => {
  it.each([
    ['amount due', {}, 'processing'],
    ['paid in full meanwhile', { totalDue: 0 }, 'processing'],
    ['a recent payment', { recentPayment: 5000 }, 'processing'],
    ['a billing message', { paymentMessage: 'Call billing.' }, 'processing'],
    ['cancelled: rule 1 still first', { policyStatus: 'Cancelled' }, 'contact'],
    ['too many terms: rule 1 still first', { numberOfTermsDue: 2 }, 'contact'],
  ] as const)('%s -> %s', (_name, change, kind) => {
    expect(paymentDue({ ...box, ...change }, pending).kind).toBe(kind)
  })

  it('says the amount and the payment, never a Make a Payment button', () => {
    expect(paymentDue(box, pending)).toEqual({ kind: 'processing', amount: 12000, paymentId: pending.paymentId })
    expect(paymentDue(box, null).kind).toBe('due')
  })
})

describe('pending texts', () => {
  it.each([
    ['pay_0123456789abcdef0123456789abcdef', 'PAY-89ABCDEF'],
    ['pay_ffffffffffffffffffffffff00000001', 'PAY-00000001'],
  ])('reference of %s is %s', (id, ref) => {
    expect(paymentReference(id)).toBe(ref)
  })

  it('the outcome says processing, not to pay again, and quotes the reference', () => {
    const text = pendingOutcomeText({ amountCents: 12000, policyId: 'HOM4020001', paymentId: pending.paymentId })
    expect(text).toContain('Your payment of $120.00 on policy HOM4020001 is being processed')
    expect(text).toContain('Please do not make this payment again.')
    expect(text).toContain('PAY-89ABCDEF')
    expect(text).not.toMatch(/success|approved/i)
  })

  it('the box and the closed form', () => {
    expect(paymentProcessingText(12000)).toBe('A payment of $120.00 is being processed.')
    expect(paymentFormClosedText(pending)).toMatch(/^A payment of \$120\.00 is being processed\. Its reference is PAY-89ABCDEF\./)
  })
})

describe('a payment not made (decision 171)', () => {
  it('keeps the text, says nothing was charged and links back to the form with the kept values', () => {
    expect(paymentRefusedHtml('Your payment was declined, and no payment was made. <b>')).toBe(
      'Your payment was declined, and no payment was made. &#60;b&#62; Nothing was charged. <a href="/make-payment?kept=1">Try another card or account</a>',
    )
  })
})

const eft: EftFacts = { eftFlag: true, totalDue: 60000, amountDue: 12000, pastDue: 0, dueDate: '2026-12-01' }

describe('automatic drafts in words (issue 21 item 4)', () => {
  it.each([
    ['not on EFT', { eftFlag: false }, null],
    ['nothing due', { totalDue: 0 }, null],
    ['on EFT with an amount due', {}, 'It will be drafted automatically on 12/01/2026: you do not need to do anything.'],
  ] as const)('before a payment, %s', (_name, change, text) => {
    expect(eftNothingToDoText({ ...eft, ...change })).toBe(text)
  })

  it.each([
    ['not on EFT', { eftFlag: false }, null],
    ['paid in full', { totalDue: 0, amountDue: 0 }, 'Your policy is now paid in full, so no more automatic drafts will be taken.'],
    ['part of the installment left', { amountDue: 2000 }, 'Your automatic draft on 12/01/2026 still runs, for $20.00.'],
    ['past due left counts too', { amountDue: 0, pastDue: 500 }, 'Your automatic draft on 12/01/2026 still runs, for $5.00.'],
    [
      'the installment covered, more due later',
      { amountDue: 0 },
      'This payment covers your automatic draft on 12/01/2026, so that draft will not run; later drafts continue as scheduled.',
    ],
  ] as const)('after a payment, %s', (_name, change, text) => {
    expect(eftAfterPaymentText({ ...eft, ...change })).toBe(text)
  })
})
