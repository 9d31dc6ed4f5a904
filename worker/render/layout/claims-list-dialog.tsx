import { renderToString } from 'react-dom/server'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDateIn } from '../../../shared/i18n/format'
import type { Locale } from '../../../shared/i18n/locale'
import { pathOf } from '../../../shared/routes'
import { policyWordIn } from '../../../shared/policy/policy-words'
import { claimsListTexts } from '../texts/dialogs'

/**
 * The claims-list modal (spec 000 "Modals"): Report a Claim on a policy that already has claims opens
 * this list first. A native <dialog> opened by the side nav's invoker button (no script needed); it
 * closes with its Close button, Escape or a click outside, and leads on to the Report a Claim route.
 */
export const CLAIMS_LIST_DIALOG_ID = 'claims-list-dialog'

/** The dialog's contents per frozen policy (a cached document) and language: rendered once per policy version (decision 145). */
const renderedBodies: Record<Locale, WeakMap<Policy, string>> = { en: new WeakMap(), es: new WeakMap() }

/**
 * The dialog lists every claim, on every page of the policy. Its contents are rendered once for a
 * frozen (cached, versioned) policy and kept with it, so a policy with hundreds of claims does not
 * render them all again on each page; the markup is the same as rendered in place. Hook-free: a nested
 * renderToString resets the outer renderer's hook state (see worker/render/island.tsx).
 */
export function ClaimsListDialog({ policy, locale }: { policy: Policy; locale: Locale }) {
  let html = renderedBodies[locale].get(policy)
  if (html === undefined) {
    html = renderToString(<ClaimsListBody policy={policy} locale={locale} />)
    if (Object.isFrozen(policy)) renderedBodies[locale].set(policy, html)
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

function ClaimsListBody({ policy, locale }: { policy: Policy; locale: Locale }) {
  const shown = policy.claims.slice(0, CLAIMS_LIST_MAX)
  const t = claimsListTexts[locale]
  return (
    <>
      <h2 id="claims-list-title" className="modal__title">
        {t.title(policy.policyID)}
      </h2>
      {/* Focusable so a keyboard can scroll it when the list is longer than the screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <section className="modal__body" tabIndex={0} aria-label={t.existing}>
        <p>{t.intro}</p>
        <table className="stack-table">
          <caption className="visually-hidden">{t.existing}</caption>
          <thead>
            <tr>
              <th scope="col">{t.claimId}</th>
              <th scope="col">{t.lossDate}</th>
              <th scope="col">{t.peril}</th>
              <th scope="col">{t.status}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((claim) => (
              <tr key={claim.claimID}>
                <td data-label={t.claimId}>{claim.claimID}</td>
                <td data-label={t.lossDate} className="date">
                  {formatDateIn(locale, claim.lossDate)}
                </td>
                <td data-label={t.peril}>{policyWordIn(locale, claim.peril)}</td>
                <td data-label={t.status}>{policyWordIn(locale, claim.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {policy.claims.length > shown.length && (
          <p>
            {`${t.showing(shown.length, policy.claims.length)} `}
            <a href={pathOf('ClaimsHist')}>{t.seeAll}</a>
          </p>
        )}
      </section>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" commandfor={CLAIMS_LIST_DIALOG_ID} command="close">
          {t.close}
        </button>
        <a className="btn btn--primary" href={pathOf('ReportClaim')}>
          {t.reportNew}
        </a>
      </div>
    </>
  )
}
