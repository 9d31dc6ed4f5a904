import { describe, expect, it } from 'vitest'
import { policyGlance, policyStatusOf } from '../../worker/pages/policy/account-home-glance'
import { paymentDueTone } from '../../worker/render/layout/payment-due-box'
import { telLinkedHtml } from '../../worker/render/tel-links'
import { paymentDue } from '../../shared/payments/payment-due'
import type { Policy } from '../../shared/policy/schemas/policy'

/** Only the fields the glance reads; the rest of a policy does not matter to it. */
const base = {
  policyStatus: 'Active',
  effectiveDate: '2026-11-15',
  previousCancelled: false,
  isFlood: false,
  isExcessFlood: false,
  isUmbrella: false,
  eSignatureRequired: false,
  numberOfTermsDue: 0,
  paymentMessage: '',
  totalDue: 187500,
  recentPayment: 0,
  amountDue: 40000,
  pastDue: 0,
  eftFlag: false,
  dueDate: '2026-12-15',
} as unknown as Policy
const TODAY = '2026-11-23'

describe('Account Home card: status chip (issue 12)', () => {
  it.each([
    ['active in term', {}, 'Active', 'success'],
    ['reinstated is active', { policyStatus: 'Active - Reinstated' }, 'Active', 'success'],
    ['cancelled by its status', { policyStatus: 'Cancelled - Non-Payment' }, 'Cancelled', 'danger'],
    ['pending by its status', { policyStatus: 'Pending Issue' }, 'Pending', 'info'],
    ['pending until its term starts', { effectiveDate: '2026-11-24' }, 'Pending', 'info'],
    ['active from its first day', { effectiveDate: TODAY }, 'Active', 'success'],
  ] as const)('%s', (_name, change, label, tone) => {
    expect(policyStatusOf({ ...base, ...change }, TODAY)).toEqual({ label, tone })
  })
})

describe('Account Home card: amount due and next action', () => {
  it('shows the amount the box shows (amount due plus past due) and its date label', () => {
    const g = policyGlance({ ...base, pastDue: 10000, eftFlag: true }, TODAY)
    expect(g.due).toEqual({
      amount: 50000,
      dateLabel: 'Next EFT Draft:',
      date: '2026-12-15',
      eftNote: 'It will be drafted automatically on 12/15/2026: you do not need to do anything.',
    })
    // The draft takes it (issue 35, decision 222): no 'Payment Due' and no 'Pay' beside 'you do not need to do anything'.
    expect(g.next).toBeNull()
    expect(g.action.payable).toBeNull()
  })

  it("without a draft: 'Payment Due' (a warning when part is past due) and the amount to pay", () => {
    const g = policyGlance({ ...base, pastDue: 10000 }, TODAY)
    expect(g.next).toEqual({ label: 'Payment Due', tone: 'warning' })
    expect(g.action.payable).toBe(50000)
  })

  it('no payment action where Make a Payment would not show its form (issue 35: FLD4050011, COM4050003)', () => {
    const floodOff = { ...base, policyID: 'FLD4050011', isFlood: true, features: { 'pH.DisableFloodPayments': true } } as Policy
    expect(policyGlance(floodOff, TODAY)).toMatchObject({ next: null, action: { payable: null } })
    expect(policyGlance({ ...base, numberOfTermsDue: 2 }, TODAY)).toMatchObject({ next: null, action: { payable: null } })
  })

  it('a payment being processed (decision 171): said instead of the amount due, and no payment action', () => {
    const g = policyGlance(base, TODAY, { paymentId: 'pay_0123456789abcdef0123456789abcdef', amountCents: 12000, createdAt: 0 })
    expect(g.due).toEqual({ text: 'A payment of $120.00 is being processed.' })
    expect(g.next).toBeNull()
  })

  it('a policy enrolled in automatic payments says so from the enrolment, as the payment-due box does (not from the EFT flag)', () => {
    const autopay = { method: { kind: 'card' as const, brand: 'Visa', last4: '4242', enrolledOn: '2026-11-01' }, last: null }
    expect(policyGlance(base, TODAY, null, autopay).due).toEqual({
      amount: 40000,
      dateLabel: 'Next EFT Draft:',
      date: '2026-12-15',
      eftNote: 'It will be paid automatically on 12/15/2026 from your Visa ending in 4242: you do not need to do anything.',
    })
    const declined = { ...autopay, last: { dueDate: '2026-12-15', status: 'declined' as const, amountCents: 40000 } }
    expect(policyGlance(base, TODAY, null, declined).due).toMatchObject({
      dateLabel: 'By:',
      eftNote: 'Your automatic payment due 12/15/2026 did not go through, and nothing was charged. Please pay now.',
    })
  })

  it('after a manual payment on automatic draft, the card says whether the draft still runs', () => {
    expect(policyGlance({ ...base, eftFlag: true, recentPayment: 2000, amountDue: 10000 }, TODAY).due).toEqual({
      text: 'Thank you for your recent payment',
      eftNote: 'Your automatic draft on 12/15/2026 still runs, for $100.00.',
    })
  })

  it('an e-signature comes before a payment', () => {
    expect(policyGlance({ ...base, eSignatureRequired: true }, TODAY).next).toEqual({ label: 'E-Signature Required', tone: 'warning' })
  })

  it('no payment action when the box offers none: paid, cancelled, previously cancelled', () => {
    expect(policyGlance({ ...base, totalDue: 0 }, TODAY)).toMatchObject({ due: { text: 'Paid in full.' }, next: null })
    expect(policyGlance({ ...base, policyStatus: 'Cancelled' }, TODAY)).toMatchObject({ due: { text: 'Cancelled Policy' }, next: null })
    expect(policyGlance({ ...base, previousCancelled: true }, TODAY).next).toBeNull()
  })
})

describe('payment-due box tones', () => {
  it.each([
    ['amount due', {}, 'brand'],
    ['amount due with a past-due part', { pastDue: 100 }, 'warning'],
    ['billing message', { paymentMessage: 'Your account has been referred to our billing department.' }, 'warning'],
    ['contact the agent', { numberOfTermsDue: 2 }, 'warning'],
    ['cancelled', { policyStatus: 'Cancelled' }, 'danger'],
    ['recent payment', { recentPayment: 500 }, 'success'],
    ['paid in full', { totalDue: 0 }, 'success'],
  ] as const)('%s', (_name, change, tone) => {
    const p = { ...base, ...change }
    expect(paymentDueTone(paymentDue(p), p.pastDue)).toBe(tone)
  })
})

describe('phone numbers in messages are tap-to-call links', () => {
  it('links numbers in text, not inside tags or existing links', () => {
    const html = '<p>Please call 1-800-555-0134 or (916) 555-0142.</p><a href="tel:18005550199">1-800-555-0199</a><img alt="800-555-0100">'
    expect(telLinkedHtml(html)).toBe(
      '<p>Please call <a class="tel" href="tel:18005550134">1-800-555-0134</a> or <a class="tel" href="tel:9165550142">(916) 555-0142</a>.</p>' +
        '<a href="tel:18005550199">1-800-555-0199</a><img alt="800-555-0100">',
    )
  })

  it('leaves other numbers alone', () => {
    const html = '<p>Confirmation 12345, policy HOM4010001, $1,369.00 on 10/20/2026.</p>'
    expect(telLinkedHtml(html)).toBe(html)
  })
})

describe('Account Home card: what its one action is chosen from (issue 21 item 8)', () => {
  const agent = { agentName: 'Pat Lee', agentPhone: '800-555-0134' }
  it('payable: the amount the box would take, when it offers Make a Payment', () => {
    expect(policyGlance({ ...base, ...agent, pastDue: 10000 }, TODAY).action).toEqual({ eSignatureRequired: false, payable: 50000, contactAgent: null })
  })
  it("the agent when the box says 'Please contact your agent'", () => {
    expect(policyGlance({ ...base, ...agent, numberOfTermsDue: 2 }, TODAY).action).toEqual({
      eSignatureRequired: false,
      payable: null,
      contactAgent: { name: 'Pat Lee', phone: '800-555-0134' },
    })
  })
  it('the agent for a cancelled policy, never a payment', () => {
    const a = policyGlance({ ...base, ...agent, policyStatus: 'Cancelled - Non-Payment' }, TODAY).action
    expect(a.payable).toBeNull()
    expect(a.contactAgent?.name).toBe('Pat Lee')
  })
})
