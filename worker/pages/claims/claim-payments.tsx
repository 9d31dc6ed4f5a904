import { formatDateIn } from '../../../shared/i18n/format'
import { lenderReleases, lenderSteps, type LenderFacts } from '../../../shared/claims/payout/lender-release'
import { payoutTexts, type PayoutTexts } from '../../../shared/claims/texts/payout'
import { useLocale, useTexts } from '../../render/locale'
import type { ShownPayment } from './claim-view'

/**
 * The claim page's payments (issue 33 item 1, decision 210): each with its method and where it stands
 * (issued, check mailed, deposited, check cashed), and for a check made out also to the mortgage company
 * the lender, what it needs before it releases the money, and how to reach it.
 */
const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateIn(useLocale(), iso)}</time>

/** A lender's step (lender-release.ts says them in English) in the page's language. */
function stepIn(t: PayoutTexts, english: string): string {
  const [endorse, inspect, stages, ownSteps] = lenderSteps(Number.MAX_SAFE_INTEGER)
  if (english === endorse) return t.lenderEndorse
  if (english === inspect) return t.lenderInspect
  if (english === stages) return t.lenderStages
  if (english === ownSteps) return t.lenderOwnSteps
  return english
}

export function ClaimPayments({ payments, lenders }: { payments: readonly ShownPayment[]; lenders: readonly LenderFacts[] }) {
  const t = useTexts(payoutTexts)
  return (
    <section id="payments" aria-labelledby="payments-heading">
      <h2 id="payments-heading">{t.paymentsHeading}</h2>
      {payments.length === 0 ? (
        <p className="empty-text">{t.noPayments}</p>
      ) : (
        <ul className="claim-page__payments">
          {payments.map((p, i) => (
            <li key={i}>
              <Day iso={p.date} />: {t.paymentLine(p.amount, p.method.toLowerCase())}
              <strong>{p.status}</strong>
              {p.statusDate !== p.date && (
                <>
                  {' '}
                  (<Day iso={p.statusDate} />)
                </>
              )}
              {p.payableTo.length > 0 && (
                <p>
                  {t.madeOutTo} <bdi>{p.payableTo.join(t.and)}</bdi>.
                </p>
              )}
              {lenderReleases(p.payableTo, p.amountCents, lenders).map(({ lender, steps }) => (
                <div className="alert alert--info claim-page__lender" key={lender.name}>
                  <div>
                    <h3>
                      {t.lenderNeedsBefore} <bdi>{lender.name}</bdi> {t.lenderNeedsAfter}
                    </h3>
                    <ul>
                      {steps.map((s) => (
                        <li key={s}>{stepIn(t, s)}</li>
                      ))}
                    </ul>
                    <p>
                      <bdi>{lender.name}</bdi>
                      {lender.loanId && <>{t.loanNumber(lender.loanId)}</>}
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
