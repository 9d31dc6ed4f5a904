import { describe, expect, it } from 'vitest'
import { nextStep } from '../../shared/claims/next-step'
import type { ClaimStage } from '../../shared/claims/status-words'

/**
 * Issue 19 item 3: 'What happens next' in plain words for the stage the claim is in, and by when where
 * known: the inspection's date, or an open flood claim's Proof of Loss due date. Nothing else has a date.
 */
const none = { inspectionDate: null, proofOfLossDue: null }

describe('what happens next', () => {
  it.each<[ClaimStage, string]>([
    [
      'reported',
      'We are passing your claim to our claims team. Once they have it, this page shows their claim number. A claims representative will contact you within 48 business hours.',
    ],
    [
      'received',
      'Our claims team has your claim and will accept it and assign an adjuster. A claims representative will contact you within 48 business hours.',
    ],
    ['accepted', 'Your claim has been accepted. An adjuster will be assigned and will contact you.'],
    ['adjuster-assigned', 'Your adjuster will contact you to look at the damage. You can call or email them with any question.'],
    ['inspection-scheduled', 'Your adjuster will inspect the damage on the date below. Please make sure they can get in.'],
    ['documents-requested', 'Please send the documents listed under Documents requested. Your adjuster needs them to go on with your claim.'],
    ['payment-issued', 'A payment has been issued (see Payments). Your adjuster will tell you if more payments will follow.'],
    ['reopened', 'Your claim has been reopened. Your adjuster will contact you about what is needed.'],
    ['closed', 'Your claim is closed. If you find more damage, call us and ask to reopen it.'],
  ])('%s: %s (no date known)', (stage, text) => {
    expect(nextStep({ stage, ...none })).toEqual({ text, by: null })
  })

  it('an inspection gives its date', () => {
    expect(nextStep({ stage: 'inspection-scheduled', inspectionDate: '2026-03-10', proofOfLossDue: '2026-04-01' }).by).toEqual({
      label: 'Inspection on',
      date: '03/10/2026',
    })
  })

  it.each<ClaimStage>(['accepted', 'adjuster-assigned', 'documents-requested', 'payment-issued', 'reopened'])(
    'an open flood claim at %s gives the Proof of Loss due date',
    (stage) => {
      expect(nextStep({ stage, inspectionDate: null, proofOfLossDue: '2026-04-01' }).by).toEqual({ label: 'Proof of loss due by', date: '04/01/2026' })
    },
  )

  it('a closed claim has no date, whatever was known', () => {
    expect(nextStep({ stage: 'closed', inspectionDate: '2026-03-10', proofOfLossDue: '2026-04-01' }).by).toBeNull()
  })
})
