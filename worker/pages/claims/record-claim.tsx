import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatDateIn } from '../../../shared/i18n/format'
import { policyWordIn } from '../../../shared/policy/policy-words'
import { useLocale } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { claimHistoryTexts } from './texts/claim-history'
import { amountPaidText } from '../../../shared/claims/follow-up/amount-paid'
import { nextStep } from '../../../shared/claims/next-step'
import { renderPage } from '../../render/render-page'
import { telHref } from '../../render/tel-links'
import { notFoundPage } from '../not-found'

type RecordClaim = Policy['claims'][number]

/**
 * The page of a claim the portal knows only from the policy record (issue 32: every claim has a page):
 * one reported by phone, or the demo data's. The record says its number, date of loss, cause, status
 * and what was paid; the page says those and whom to call, and nothing the record does not hold.
 */
function RecordClaimView({ claim, claimsPhone }: { claim: RecordClaim; claimsPhone: string }) {
  const closed = /closed/i.test(claim.status)
  const locale = useLocale()
  const t = claimHistoryTexts[locale]
  return (
    <section className="card servicing claim-page" aria-labelledby="claim-heading">
      <h1 id="claim-heading">{t.claimHeading(claim.claimID)}</h1>
      <dl className="claim-page__numbers">
        <dt>{t.claimNumber}</dt>
        <dd>{claim.claimID}</dd>
        <dt>{t.dateOfLoss}</dt>
        <dd>{formatDateIn(locale, claim.lossDate)}</dd>
        <dt>{t.peril}</dt>
        <dd>{policyWordIn(locale, claim.peril)}</dd>
        <dt>{t.amountPaid}</dt>
        <dd>{amountPaidText(claim.lossAmount, claim.status, locale)}</dd>
      </dl>
      <h2>{t.status}</h2>
      <p className="claim-page__status">
        <strong>{policyWordIn(locale, claim.status)}</strong>
      </p>
      <h2>{t.whatNext}</h2>
      <p>{closed ? nextStep({ stage: 'closed', inspectionDate: null, proofOfLossDue: null }, locale).text : t.openRecord}</p>
      <p>
        {t.claimsLine}{' '}
        <a className="tel" href={telHref(claimsPhone)}>
          {claimsPhone}
        </a>
        {t.quote} <strong>{claim.claimID}</strong>.
      </p>
      <p>
        <a href={pathOf('ClaimsHist')}>{t.back}</a>
      </p>
    </section>
  )
}

/** The page of the policy record's claim `claimNumber` (upper case), or the 404 page when the record has none. */
export function recordClaimResponse(c: Context<AppEnv>, policy: Policy, claimNumber: string): Response {
  const claim = policy.claims.find((k) => k.claimID.toUpperCase() === claimNumber)
  if (!claim) return notFoundPage(c)
  return renderPage(c, <RecordClaimView claim={claim} claimsPhone={c.env.CLAIMS_PHONE} />, { title: claimHistoryTexts[requestLocale(c)].title(claim.claimID) })
}
