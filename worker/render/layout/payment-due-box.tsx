import type { Policy } from '../../../shared/schemas/policy'
import { paymentDue, type PaymentDue } from '../../../shared/policy/payment-due'
import { formatDate, formatUsd } from '../../../shared/format'
import { pathOf } from '../../../shared/routes'
import { WithTelLinks } from '../tel-links'
import { paymentProcessingText, paymentReference, type PendingPayment } from '../../../shared/payments/pending'
import { eftNothingToDoText } from '../../../shared/payments/eft'
import { autopayDueNote, type AutopayFacts } from '../../../shared/payments/autopay'

export type Tone = 'brand' | 'success' | 'info' | 'warning' | 'danger'

/**
 * How each state of the box looks (decision 151): an amount due is the page's primary action (brand, or
 * warning when part of it is past due); a billing message or 'contact your agent' is a warning; a
 * cancelled policy is danger; a recent payment or nothing due is success.
 */
export function paymentDueTone(due: PaymentDue, pastDue: number): Tone {
  switch (due.kind) {
    case 'contact':
      return due.text === 'Cancelled Policy' ? 'danger' : 'warning'
    case 'message':
    case 'processing':
      return 'warning'
    case 'paid':
    case 'recent':
      return 'success'
    case 'due':
      return pastDue > 0 ? 'warning' : 'brand'
  }
}

/**
 * The payment-due box slot; what it says is decided by shared/policy/payment-due.ts. For a policy enrolled
 * in automatic payments (issue 22) the 'Next EFT Draft' line comes from the enrolment, not from the
 * policy's own flag; a declined automatic draft is said, with the way to pay now.
 */
export function PaymentDueBox({ policy, pending, autopay = null }: { policy: Policy; pending: PendingPayment | null; autopay?: AutopayFacts | null }) {
  const note = autopay ? autopayDueNote(autopay, policy.dueDate) : null
  const eftFlag = note ? note.drafts : policy.eftFlag
  const due = paymentDue({ ...policy, eftFlag }, pending)
  const tone = note?.declined && due.kind === 'due' ? 'warning' : paymentDueTone(due, policy.pastDue)
  const eftNote = due.kind !== 'due' ? null : note ? note.text : eftNothingToDoText(policy)
  return <PaymentDueView due={due} tone={tone} eftNote={eftNote} />
}

/** `eftNote`: on automatic draft, that nothing needs to be done (decision 171). */
export function PaymentDueView({ due, tone, eftNote = null }: { due: PaymentDue; tone: Tone; eftNote?: string | null }) {
  const toneClass = tone === 'brand' ? '' : ` tone--${tone}`
  return (
    <aside className={`payment-due payment-due--${due.kind}${toneClass}`} aria-label="Payment due">
      {tone !== 'brand' && <span className="status-icon payment-due__icon" aria-hidden="true" />}
      {due.kind === 'due' ? (
        <>
          <div className="payment-due__text">
            <p className="payment-due__label">Amount Due</p>
            <p className="payment-due__amount">{formatUsd(due.amount)}</p>
            <p className="payment-due__date">
              {due.dateLabel} <span className="date">{formatDate(due.date)}</span>
            </p>
            {eftNote && <p className="payment-due__eft">{eftNote}</p>}
          </div>
          {due.canPay && (
            <a className="btn btn--primary" href={pathOf('MakePayment')}>
              Make a Payment
            </a>
          )}
        </>
      ) : due.kind === 'processing' ? (
        <p className="payment-due__text">
          {paymentProcessingText(due.amount)} <span className="payment-due__reference">Reference {paymentReference(due.paymentId)}</span>
        </p>
      ) : due.kind === 'recent' ? (
        <p className="payment-due__text">
          {due.text} <span className="money">{formatUsd(due.amount)}</span>
        </p>
      ) : (
        <p className="payment-due__text">
          <WithTelLinks text={due.text} />
        </p>
      )}
    </aside>
  )
}
