import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { route } from '../../../shared/routes'
import { formatUsd } from '../../../shared/format'
import { renderPage } from '../../render/render-page'
import { DEDUCTIBLE_CREDITS, RATING_RULES } from './rules'
import type { StandInQuote } from './store'

/** The policy administration stand-in's page (dev only): its rating rules, every quote and change, and a reviewer's answer to a referred one. */
function PolicyAdminView({ base, quotes }: { base: string; quotes: StandInQuote[] }) {
  return (
    <>
      <section className="card" aria-labelledby="pa-heading">
        <h1 id="pa-heading">Dev Policy Administration</h1>
        <p>
          The carrier's policy administration system as a local stand-in: it prices and binds the changes made on the portal. It does not exist in production.
        </p>
        <h2>Its rating rules</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">Premium</th>
              <th scope="col">Review</th>
            </tr>
          </thead>
          <tbody>
            {RATING_RULES.map((r) => (
              <tr key={`${r.kind}-${r.action}`}>
                <td>{`${r.kind}: ${r.action}`}</td>
                <td>{formatUsd(r.premiumChangeCents)}</td>
                <td>{r.referral ?? 'None: binds at once'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2 id="pa-credits">The deductible's yearly credits</h2>
        <p>A deductible change costs the new deductibles' credits less the current ones'. A deductible not listed is referred.</p>
        <ul aria-labelledby="pa-credits">
          {Object.entries(DEDUCTIBLE_CREDITS.allOtherPerils).map(([cents, credit]) => (
            <li key={`aop-${cents}`}>{`All other perils ${formatUsd(Number(cents))}: ${formatUsd(credit)}`}</li>
          ))}
          {Object.entries(DEDUCTIBLE_CREDITS.windstormPercent).map(([pct, credit]) => (
            <li key={`wind-${pct}`}>{`Wind/hail or hurricane ${pct}%: ${formatUsd(credit)}`}</li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="pa-changes">
        <h2 id="pa-changes">Changes</h2>
        {quotes.length === 0 ? (
          <p>No change has been quoted yet.</p>
        ) : (
          <ol className="profile-mailbox">
            {quotes.map((q) => (
              <li key={q.quoteId} className="profile-mailbox__item">
                <article aria-labelledby={`pa-${q.quoteId}`}>
                  <h3 id={`pa-${q.quoteId}`}>{`${q.policyId}: ${q.request.kind} ${q.request.change.action}, from ${q.effectiveDate}`}</h3>
                  <p className="profile-mailbox__meta">{`${q.status}${q.changeId ? `, ${q.changeId}` : ''}; quote ${q.quoteId}; reference ${q.reference}`}</p>
                  {'lender' in q.request.change ? <p>{`${q.request.change.lender.name}, loan ${q.request.change.lender.loanId}`}</p> : null}
                  {'dueDay' in q.request.change ? <p>{`due on day ${q.request.change.dueDay}`}</p> : null}
                  {q.status === 'referred' ? (
                    <form method="post" action={`${base}/changes/quotes/${q.quoteId}/decide`}>
                      <button type="submit" name="decision" value="bound" className="btn btn--secondary">
                        Bind it<span className="visually-hidden">{` (${q.quoteId})`}</span>
                      </button>{' '}
                      <button type="submit" name="decision" value="declined" className="btn btn--secondary">
                        Decline it<span className="visually-hidden">{` (${q.quoteId})`}</span>
                      </button>
                    </form>
                  ) : null}
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}

/** `base`: where the stand-in is mounted (/__dev/policy-admin in the portal, /policy-admin in the stand-ins' own process). */
export function policyAdminPage(c: Context<AppEnv>, base: string, quotes: StandInQuote[]): Response {
  const page = { ...route('NotFound'), path: base, page: 'Dev Policy Administration' }
  return renderPage(c, <PolicyAdminView base={base} quotes={quotes} />, { route: page, policy: null })
}
