import { AUTOPAY_WORDS_EN, autopayDueNote, type AutopayFacts, type AutopayWords } from './autopay'
import { EFT_WORDS_EN, eftAfterPaymentText, eftNothingToDoText, type EftWords } from './eft'
import type { PendingPayment } from './pending'
import { paymentDue, type PaymentDue, type PaymentDueFacts } from './payment-due'

export interface PaymentDueWithDrafts {
  due: PaymentDue
  /** On automatic draft: with an amount due, that nothing needs to be done (or what the enrolment says); after a payment, whether the draft still runs. */
  eftNote: string | null
  /** The enrolment's draft for this due date did not go through: pay now. */
  declined: boolean
}

/**
 * The payment-due state with automatic drafts, the one rule the payment-due box and Account Home's cards
 * read: an enrolment in automatic payments (issue 22, decision 176) decides whether the draft comes,
 * else the policy's own EFT flag; after a manual payment the note says whether the next draft still
 * runs (issue 21 item 4).
 */
export function paymentDueWithDrafts(
  p: PaymentDueFacts,
  pending: PendingPayment | null,
  autopay: AutopayFacts | null,
  words: { autopay: AutopayWords; eft: EftWords } = { autopay: AUTOPAY_WORDS_EN, eft: EFT_WORDS_EN },
): PaymentDueWithDrafts {
  const note = autopay ? autopayDueNote(autopay, p.dueDate, words.autopay) : null
  const eftFlag = note ? note.drafts : p.eftFlag
  const due = paymentDue({ ...p, eftFlag }, pending)
  const eftNote =
    due.kind === 'due' ? (note?.text ?? eftNothingToDoText(p, words.eft)) : due.kind === 'recent' ? eftAfterPaymentText({ ...p, eftFlag }, words.eft) : null
  return { due, eftNote, declined: Boolean(note?.declined) && due.kind === 'due' }
}
