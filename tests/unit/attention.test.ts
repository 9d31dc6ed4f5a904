import { describe, expect, it } from 'vitest'
import { attentionItems, type AttentionPolicy } from '../../shared/policy/attention'
import type { PaymentDue } from '../../shared/payments/payment-due'

/** Issue 35 item 6: Account Home's 'What needs your attention', from the cards' policies and open claims. */

const due = (over: Partial<Extract<PaymentDue, { kind: 'due' }>> = {}): PaymentDue => ({
  kind: 'due',
  amount: 87600,
  dateLabel: 'By:',
  date: '2026-12-15',
  canPay: true,
  drafts: false,
  ...over,
})

const policy = (over: Partial<AttentionPolicy> = {}): AttentionPolicy => ({
  policyId: 'FLD4010003',
  planID: 'PRP',
  eSignatureRequired: false,
  due: { kind: 'paid', text: 'Paid in full.' },
  claims: [],
  ...over,
})

describe('attentionItems', () => {
  it('nothing due, nothing to sign, no document wanted: an empty list', () => {
    expect(
      attentionItems([policy(), policy({ policyId: 'HOM4010001', planID: 'HO3', claims: [{ claimNumber: 'HO-2026-000001', documentsWanted: [] }] })]),
    ).toEqual([])
  })

  it('a claim waiting for one document: names the claim and the document, links to the claim', () => {
    const [item, ...rest] = attentionItems([policy({ claims: [{ claimNumber: 'FL-2026-000123', documentsWanted: ['Elevation certificate'] }] })])
    expect(rest).toEqual([])
    expect(item).toEqual({
      kind: 'document',
      policyId: 'FLD4010003',
      text: 'Claim FL-2026-000123 is waiting for a document from you: Elevation certificate.',
      link: { label: 'Send the document', to: { claimNumber: 'FL-2026-000123' } },
    })
  })

  it('a claim waiting for several documents says how many', () => {
    const [item] = attentionItems([policy({ claims: [{ claimNumber: 'HO-2026-000007', documentsWanted: ['Plumber invoice', 'Photos of the ceiling'] }] })])
    expect(item!.text).toBe('Claim HO-2026-000007 is waiting for 2 documents from you.')
    expect(item!.link.label).toBe('Send the documents')
  })

  it('a payment the person must make: the amount, its date and the policy, linked to Make a Payment', () => {
    const [item] = attentionItems([policy({ due: due() })])
    expect(item).toEqual({
      kind: 'payment',
      policyId: 'FLD4010003',
      text: '$876.00 is due by 12/15/2026 on your Flood policy FLD4010003.',
      link: { label: 'Pay $876.00', to: { go: 'pay' } },
    })
  })

  it('an automatic draft takes it: nothing to do (decision 222)', () => {
    expect(attentionItems([policy({ due: due({ drafts: true, dateLabel: 'Next EFT Draft:' }) })])).toEqual([])
  })

  it('due but not payable online (the agent or the phone says how): not an item here', () => {
    expect(attentionItems([policy({ due: due({ canPay: false }) })])).toEqual([])
    expect(attentionItems([policy({ due: { kind: 'processing', amount: 87600, paymentId: 'p1' } })])).toEqual([])
    expect(attentionItems([policy({ due: null })])).toEqual([])
  })

  it('documents to sign: one item, linked to E-Signature', () => {
    const [item] = attentionItems([policy({ policyId: 'HOM4010001', planID: 'HO3', eSignatureRequired: true })])
    expect(item).toEqual({
      kind: 'sign',
      policyId: 'HOM4010001',
      text: 'Your Homeowners policy HOM4010001 has documents waiting for your signature.',
      link: { label: 'Sign your documents', to: { go: 'sign' } },
    })
  })

  it('a policy that must be signed first: the signature only, its payment once signed (Pay would open E-Signature)', () => {
    const items = attentionItems([policy({ policyId: 'HOM4010001', planID: 'HO3', eSignatureRequired: true, due: due({ amount: 18450 }) })])
    expect(items.map((i) => i.kind)).toEqual(['sign'])
  })

  it("every source at once: documents first, then payments, then signatures, each in the cards' order", () => {
    const items = attentionItems([
      policy({ policyId: 'HOM4010001', planID: 'HO3', eSignatureRequired: true }),
      policy({ policyId: 'HOM4010002', planID: 'HO3', due: due({ amount: 18450 }) }),
      policy({ due: due(), claims: [{ claimNumber: 'FL-2026-000123', documentsWanted: ['Proof of loss'] }] }),
    ])
    expect(items.map((i) => `${i.kind} ${i.policyId}`)).toEqual(['document FLD4010003', 'payment HOM4010002', 'payment FLD4010003', 'sign HOM4010001'])
  })
})
