import { PAYMENT_STATUSES } from '../../../shared/claims/payout/payment-status'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { route } from '../../../shared/routes'
import { CLAIM_EVENT_TYPES } from '../../../shared/claims/events'
import { renderPage } from '../../render/render-page'
import type { ListedClaim } from './store'
import { AdvancesSection, type StandInAdvance } from './advances'
import type { StandInRelatedClaim } from './related'

/**
 * The claims-system stand-in's page (dev only): the claims it holds, and a form that sends one event
 * for a claim to the portal's webhook, signed as the real system would. Works without script.
 */
function pushedText(pushed: string): string {
  if (pushed === 'invalid') return 'Not sent: the event is missing a field its type needs.'
  if (pushed === 'unreachable') return 'Not sent: the portal did not answer.'
  return `Sent. The portal answered HTTP ${pushed}.`
}

function Field({ name, label, claim, type = 'text' }: { name: string; label: string; claim: string; type?: string }) {
  return (
    <div className="field">
      <label htmlFor={`ev-${name}-${claim}`}>{label}</label>
      <input id={`ev-${name}-${claim}`} name={name} type={type} />
    </div>
  )
}

type HeldClaim = ListedClaim & { related: StandInRelatedClaim[] }

function ClaimsSystemView({ base, claims, pushed, advances }: { base: string; claims: HeldClaim[]; pushed: string | null; advances: StandInAdvance[] }) {
  return (
    <>
      <section className="card" aria-labelledby="claims-system-heading">
        <h1 id="claims-system-heading">Dev Claims System</h1>
        <p>
          The carrier's claims system as the portal meets it locally: the claims the outbox delivered (one each, however often sent), and events to send back.
          This local stand-in does not exist in production. Deliveries wait in the <a href="/__dev/outbox">outbox</a> until it drains.
        </p>
        {pushed ? (
          <p role="status" className="alert">
            {pushedText(pushed)}
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="claims-system-claims">
        <h2 id="claims-system-claims">Claims received ({claims.length})</h2>
        {claims.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">Portal claim</th>
                <th scope="col">Carrier claim</th>
                <th scope="col">Policy</th>
                <th scope="col">Date of loss</th>
                <th scope="col">Status</th>
                <th scope="col">Documents</th>
                <th scope="col">Notes</th>
                <th scope="col">Related claims</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((claim) => (
                <tr key={claim.claimNumber}>
                  <td data-label="Portal claim">{claim.claimNumber}</td>
                  <td data-label="Carrier claim">{claim.carrierClaimNumber ?? ''}</td>
                  <td data-label="Policy">{claim.policyId}</td>
                  <td data-label="Date of loss">{claim.lossDate}</td>
                  <td data-label="Status">{claim.status}</td>
                  <td data-label="Documents">
                    {claim.documents
                      .map(
                        (d) =>
                          `${d.name} (${d.contentType}, ${d.bytes} bytes${d.documentId ? `, id ${d.documentId}` : ''}${d.answers ? `, for: ${d.answers}` : ''})`,
                      )
                      .join('; ')}
                  </td>
                  <td data-label="Notes">
                    {claim.notes.map((n, i) => (
                      <p key={i}>
                        <strong>{n.author}</strong>: {n.body}
                      </p>
                    ))}
                  </td>
                  <td data-label="Related claims">
                    {claim.related.map((r) => `${r.reference} (${r.claimNumber ?? ''}, ${r.lineOfBusiness} policy ${r.policyNumber})`).join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <AdvancesSection base={base} advances={advances} />
      {claims.length === 0 ? null : (
        <section className="card" aria-labelledby="claims-system-reply">
          <h2 id="claims-system-reply">Reply to the policyholder</h2>
          <p>Sends a signed message.posted event: the reply appears on the claim's page and is mailed.</p>
          {claims.map((claim) => (
            <form key={claim.claimNumber} method="post" action={`${base}/claims/${encodeURIComponent(claim.claimNumber)}/messages`}>
              <fieldset>
                <legend>{`Reply on claim ${claim.claimNumber}`}</legend>
                <Field claim={claim.claimNumber} name="author" label="From (the team member's name)" />
                <div className="field">
                  <label htmlFor={`reply-body-${claim.claimNumber}`}>{`Reply on ${claim.claimNumber}`}</label>
                  <textarea id={`reply-body-${claim.claimNumber}`} name="body" rows={3} />
                </div>
                <button type="submit" className="btn btn--primary">
                  Post reply<span className="visually-hidden">{` on ${claim.claimNumber}`}</span>
                </button>
              </fieldset>
            </form>
          ))}
        </section>
      )}
      {claims.length === 0 ? null : (
        <section className="card" aria-labelledby="claims-system-push">
          <h2 id="claims-system-push">Send an event to the portal</h2>
          {claims.map((claim) => (
            <form key={claim.claimNumber} method="post" action={`${base}/claims/${encodeURIComponent(claim.claimNumber)}/events`}>
              <fieldset>
                <legend>{`Claim ${claim.claimNumber}`}</legend>
                <div className="field">
                  <label htmlFor={`ev-type-${claim.claimNumber}`}>Event</label>
                  <select id={`ev-type-${claim.claimNumber}`} name="type">
                    {CLAIM_EVENT_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                </div>
                <p>Fill in what the chosen event needs; the rest is ignored.</p>
                <Field claim={claim.claimNumber} name="carrierClaimNumber" label="Carrier claim number (claim.accepted; empty: the stand-in's)" />
                <Field claim={claim.claimNumber} name="adjusterName" label="Adjuster name (adjuster.assigned)" />
                <Field claim={claim.claimNumber} name="adjusterPhone" label="Adjuster phone" type="tel" />
                <Field claim={claim.claimNumber} name="adjusterEmail" label="Adjuster email" type="email" />
                <Field claim={claim.claimNumber} name="date" label="Inspection date (inspection.scheduled)" type="date" />
                <div className="field">
                  <label htmlFor={`ev-items-${claim.claimNumber}`}>Documents requested, one per line (documents.requested)</label>
                  <textarea id={`ev-items-${claim.claimNumber}`} name="items" rows={3} />
                </div>
                <Field claim={claim.claimNumber} name="amount" label="Payment amount in dollars (payment.issued)" />
                <div className="field">
                  <label htmlFor={`ev-method-${claim.claimNumber}`}>Payment method</label>
                  <select id={`ev-method-${claim.claimNumber}`} name="method">
                    <option value="check">check</option>
                    <option value="ach">ach</option>
                    <option value="wire">wire</option>
                    <option value="card">card</option>
                  </select>
                </div>
                <Field claim={claim.claimNumber} name="paymentId" label="Payment id (payment.issued, payment.status; decision 210)" />
                <div className="field">
                  <label htmlFor={`ev-status-${claim.claimNumber}`}>Payment status (payment.issued, payment.status)</label>
                  <select id={`ev-status-${claim.claimNumber}`} name="paymentStatus">
                    {PAYMENT_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </div>
                <Field claim={claim.claimNumber} name="payableTo" label="Also payable to, e.g. the mortgage company (payment.issued)" />
                <Field claim={claim.claimNumber} name="reason" label="Reason (claim.closed)" />
                <Field claim={claim.claimNumber} name="documentId" label="Document id (document.received, document.reviewed; empty: the newest sent)" />
                <div className="field">
                  <label htmlFor={`ev-outcome-${claim.claimNumber}`}>Review outcome (document.reviewed)</label>
                  <select id={`ev-outcome-${claim.claimNumber}`} name="outcome">
                    <option value="accepted">accepted</option>
                    <option value="another-needed">another-needed</option>
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`ev-letter-${claim.claimNumber}`}>Letter (letter.sent)</label>
                  <select id={`ev-letter-${claim.claimNumber}`} name="letter">
                    <option value="bill-of-rights">bill-of-rights</option>
                    <option value="status-update">status-update</option>
                    <option value="more-time-needed">more-time-needed</option>
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`ev-decision-${claim.claimNumber}`}>Decision (claim.decided)</label>
                  <select id={`ev-decision-${claim.claimNumber}`} name="decision">
                    <option value="accepted">accepted</option>
                    <option value="partly-denied">partly-denied</option>
                    <option value="denied">denied</option>
                  </select>
                </div>
                <button type="submit" className="btn btn--primary">
                  Send<span className="visually-hidden">{` an event for ${claim.claimNumber}`}</span>
                </button>
              </fieldset>
            </form>
          ))}
        </section>
      )}
    </>
  )
}

/** `base`: where the stand-in is mounted (/__dev/claims-system in the portal, /claims-system in the stand-ins' own process). */
export function claimsSystemPage(c: Context<AppEnv>, base: string, claims: HeldClaim[], pushed: string | null, advances: StandInAdvance[] = []): Response {
  const page = { ...route('NotFound'), path: base, page: 'Dev Claims System' }
  return renderPage(c, <ClaimsSystemView base={base} claims={claims} pushed={pushed} advances={advances} />, { route: page, policy: null })
}
