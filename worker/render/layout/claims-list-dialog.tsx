import { renderToString } from 'react-dom/server'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDate } from '../../../shared/format'
import { pathOf } from '../../../shared/routes'

/**
 * The claims-list modal (spec 000 "Modals"): Report a Claim on a policy that already has claims opens
 * this list first. A native <dialog> opened by the side nav's invoker button (no script needed); it
 * closes with its Close button, Escape or a click outside, and leads on to the Report a Claim route.
 */
export const CLAIMS_LIST_DIALOG_ID = 'claims-list-dialog'

/** The dialog's contents per frozen policy (a cached document): rendered once per policy version (decision 145). */
const renderedBodies = new WeakMap<Policy, string>()

/**
 * The dialog lists every claim, on every page of the policy. Its contents are rendered once for a
 * frozen (cached, versioned) policy and kept with it, so a policy with hundreds of claims does not
 * render them all again on each page; the markup is the same as rendered in place. Hook-free: a nested
 * renderToString resets the outer renderer's hook state (see worker/render/island.tsx).
 */
export function ClaimsListDialog({ policy }: { policy: Policy }) {
  let html = renderedBodies.get(policy)
  if (html === undefined) {
    html = renderToString(<ClaimsListBody policy={policy} />)
    if (Object.isFrozen(policy)) renderedBodies.set(policy, html)
  }
  return (
    <dialog
      id={CLAIMS_LIST_DIALOG_ID}
      className="modal-dialog claims-list"
      aria-labelledby="claims-list-title"
      closedby="any"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/**
 * The dialog lists the first claims of the policy (in Claims History's order); a policy with more links
 * to Claims History for the rest, so a phone is not handed hundreds of rows on every page (issue 14).
 */
const CLAIMS_LIST_MAX = 10

function ClaimsListBody({ policy }: { policy: Policy }) {
  const shown = policy.claims.slice(0, CLAIMS_LIST_MAX)
  return (
    <>
      <h2 id="claims-list-title" className="modal__title">
        Claims on Policy {policy.policyID}
      </h2>
      {/* Focusable so a keyboard can scroll it when the list is longer than the screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <section className="modal__body" tabIndex={0} aria-label="Existing claims">
        <p>This policy already has the claims below. To report a different loss, continue to Report a Claim.</p>
        <table className="stack-table">
          <caption className="visually-hidden">Existing claims</caption>
          <thead>
            <tr>
              <th scope="col">Claim ID</th>
              <th scope="col">Date of Loss</th>
              <th scope="col">Peril</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((claim) => (
              <tr key={claim.claimID}>
                <td data-label="Claim ID">{claim.claimID}</td>
                <td data-label="Date of Loss" className="date">
                  {formatDate(claim.lossDate)}
                </td>
                <td data-label="Peril">{claim.peril}</td>
                <td data-label="Status">{claim.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {policy.claims.length > shown.length && (
          <p>
            Showing {shown.length} of {policy.claims.length} claims. <a href={pathOf('ClaimsHist')}>See every claim in Claims History</a>
          </p>
        )}
      </section>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" commandfor={CLAIMS_LIST_DIALOG_ID} command="close">
          Close
        </button>
        <a className="btn btn--primary" href={pathOf('ReportClaim')}>
          Report a New Claim
        </a>
      </div>
    </>
  )
}
