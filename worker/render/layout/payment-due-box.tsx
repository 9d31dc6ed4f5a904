import type { Policy } from '../../../shared/schemas/policy'
import { paymentDue } from '../../../shared/policy/payment-due'
import { formatDate, formatUsd } from '../../../shared/format'
import { pathOf } from '../../../shared/routes'

/** The payment-due box slot; what it says is decided by shared/policy/payment-due.ts. */
export function PaymentDueBox({ policy }: { policy: Policy }) {
  const due = paymentDue(policy)
  return (
    <aside className="payment-due" aria-label="Payment due">
      {due.kind === 'due' ? (
        <>
          <p className="payment-due__label">Amount Due</p>
          <p className="payment-due__amount">{formatUsd(due.amount)}</p>
          <p>
            {due.dateLabel} {formatDate(due.date)}
          </p>
          {due.canPay && (
            <a className="btn btn--primary" href={pathOf('MakePayment')}>
              Make a Payment
            </a>
          )}
        </>
      ) : due.kind === 'recent' ? (
        <p>
          {due.text} {formatUsd(due.amount)}
        </p>
      ) : (
        <p>{due.text}</p>
      )}
    </aside>
  )
}
