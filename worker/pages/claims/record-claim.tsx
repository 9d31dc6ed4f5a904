import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatDate } from '../../../shared/format'
import { amountPaidText } from '../../../shared/claims/follow-up/amount-paid'
import { nextStep } from '../../../shared/claims/next-step'
import { renderPage } from '../../render/render-page'
import { telHref } from '../../render/tel-links'
import { notFoundPage } from '../not-found'

type RecordClaim = Policy['claims'][number]

/** For a claim the portal knows only from the policy record: whom to ask while it is open. */
const OPEN_RECORD_CLAIM = 'Our claims team is handling this claim. For anything about it, call us and quote the claim number above.'

/**
 * The page of a claim the portal knows only from the policy record (issue 32: every claim has a page):
 * one reported by phone, or the demo data's. The record says its number, date of loss, cause, status
 * and what was paid; the page says those and whom to call, and nothing the record does not hold.
 */
function RecordClaimView({ claim, claimsPhone }: { claim: RecordClaim; claimsPhone: string }) {
  const closed = /closed/i.test(claim.status)
  return (
    <section className="card servicing claim-page" aria-labelledby="claim-heading">
      <h1 id="claim-heading">{`Claim ${claim.claimID}`}</h1>
      <dl className="claim-page__numbers">
        <dt>Claim number</dt>
        <dd>{claim.claimID}</dd>
        <dt>Date of Loss</dt>
        <dd>{formatDate(claim.lossDate)}</dd>
        <dt>Peril</dt>
        <dd>{claim.peril}</dd>
        <dt>Amount Paid</dt>
        <dd>{amountPaidText(claim.lossAmount, claim.status)}</dd>
      </dl>
      <h2>Status</h2>
      <p className="claim-page__status">
        <strong>{claim.status}</strong>
      </p>
      <h2>What happens next</h2>
      <p>{closed ? nextStep({ stage: 'closed', inspectionDate: null, proofOfLossDue: null }).text : OPEN_RECORD_CLAIM}</p>
      <p>
        Claims line:{' '}
        <a className="tel" href={telHref(claimsPhone)}>
          {claimsPhone}
        </a>
        , claim number <strong>{claim.claimID}</strong>.
      </p>
      <p>
        <a href={pathOf('ClaimsHist')}>Back to Claims History</a>
      </p>
    </section>
  )
}

/** The page of the policy record's claim `claimNumber` (upper case), or the 404 page when the record has none. */
export function recordClaimResponse(c: Context<AppEnv>, policy: Policy, claimNumber: string): Response {
  const claim = policy.claims.find((k) => k.claimID.toUpperCase() === claimNumber)
  if (!claim) return notFoundPage(c)
  return renderPage(c, <RecordClaimView claim={claim} claimsPhone={c.env.CLAIMS_PHONE} />, { title: `Claim ${claim.claimID} - ProgHome` })
}
