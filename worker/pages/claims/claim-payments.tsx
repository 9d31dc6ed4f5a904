import { formatDate } from '../../../shared/format'
import { lenderReleases, type LenderFacts } from '../../../shared/claims/payout/lender-release'
import type { ShownPayment } from './claim-view'

/**
 * The claim page's payments (issue 33 item 1, decision 210): each with its method and where it stands
 * (issued, check mailed, deposited, check cashed), and for a check made out also to the mortgage company
 * the lender, what it needs before it releases the money, and how to reach it.
 */
const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>

export function ClaimPayments({ payments, lenders }: { payments: readonly ShownPayment[]; lenders: readonly LenderFacts[] }) {
  return (
    <section id="payments" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      {payments.length === 0 ? (
        <p className="empty-text">No payments have been issued on this claim yet.</p>
      ) : (
        <ul className="claim-page__payments">
          {payments.map((p, i) => (
            <li key={i}>
              <Day iso={p.date} />: {p.amount} by {p.method.toLowerCase()}. Status: <strong>{p.status}</strong>
              {p.statusDate !== p.date && (
                <>
                  {' '}
                  (<Day iso={p.statusDate} />)
                </>
              )}
              {p.payableTo.length > 0 && (
                <p>
                  Made out to you and <bdi>{p.payableTo.join(' and ')}</bdi>.
                </p>
              )}
              {lenderReleases(p.payableTo, p.amountCents, lenders).map(({ lender, steps }) => (
                <div className="alert alert--info claim-page__lender" key={lender.name}>
                  <div>
                    <h3>
                      What <bdi>{lender.name}</bdi> needs before releasing the money
                    </h3>
                    <ul>
                      {steps.map((s) => (
                        <li key={s}>{s}</li>
                      ))}
                    </ul>
                    <p>
                      <bdi>{lender.name}</bdi>
                      {lender.loanId && <> (loan number {lender.loanId})</>}
                      <br />
                      {[lender.address1, lender.address2].filter(Boolean).join(', ')}
                      <br />
                      {lender.city}, {lender.state} {lender.zipCode}
                    </p>
                  </div>
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
