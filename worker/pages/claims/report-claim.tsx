import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { routeFamilyFor } from '../../../shared/policy/family'
import { CLAIM_PAGE_TEXT, FLOOD_BALANCE_MESSAGE } from '../../../shared/claims/messages'
import { floodClaimBlocked, streetLine } from '../../../shared/claims/policy-facts'
import type { ReportClaimProps } from '../../../shared/claims/schemas/claim-props'
import { renderPage } from '../../render/render-page'
import { Island } from '../../render/island'
import { policyContext } from '../../middleware/guards'
import { PhoneLink } from '../../render/tel-links'
import { DEAD_END_TEXT } from '../../../shared/policy/dead-ends'
import { makePaymentGate } from '../../../shared/payments/gate'
import { mayMakePayment } from '../../../shared/policy/permissions'
import { definePage } from '../page'

/**
 * /report-claim (spec 001 sections 2, 4, 7): the intro with the claims phone line, what to have ready,
 * the 48-business-hours promise and the no-claim-number notice, then the report-claim island (the
 * flood or the homeowners form). A flood policy with an amount due sees the disabled message, the claims
 * line to call instead and, when it may pay online, the way to Make a Payment (issue 21 item 1).
 * Who may open the page at all (not cancelled, not excess flood) is the route guard's rule, not this
 * page's.
 */
export const reportClaimPage = definePage('ReportClaim')

function islandProps(policy: Policy, claimsPhone: string, reportedAt: number): ReportClaimProps {
  const family = policy.isFlood ? 'flood' : 'homeowners'
  const apiFamily = (operation: string) => routeFamilyFor(policy.policyID, operation) ?? 'homeowners'
  const risk = policy.riskAddresses[0]!
  return {
    policyId: policy.policyID,
    family,
    planId: policy.planId,
    state: policy.state,
    policyStatus: policy.policyStatus,
    policyPeriod: { effectiveDate: policy.effectiveDate, expirationDate: policy.renewalDate },
    reportedAt,
    insured: { firstName: policy.firstName, lastName: policy.lastName, homePhone: policy.homePhone, email: policy.email },
    riskAddress: { address: streetLine(risk.address1, risk.address2), city: risk.city, state: risk.state, zipCode: risk.zipCode },
    claimsPhone,
    matrixUrl: `/v1/${apiFamily('GetClaimsMatrix')}/GetClaimsMatrix`,
    seedUrl: `/v1/${apiFamily('GetPolicySeedDataForClaim')}/GetPolicySeedDataForClaim`,
    submitUrl: `/v1/${apiFamily('FirstNoticeOfLoss')}/FirstNoticeOfLoss/${policy.policyID}`,
    draftUrl: `/v1/${apiFamily('ClaimDraft')}/ClaimDraft/${policy.policyID}`,
    cancelUrl: pathOf('PolicyOverview'),
    systemMessageUrl: pathOf('SystemMessage'),
    logUrl: '/v1/common/Log',
  }
}

function ReportClaimView({ policy, claimsPhone, reportedAt }: { policy: Policy; claimsPhone: string; reportedAt: number }) {
  if (floodClaimBlocked(policy)) {
    return (
      <section className="card claim-page" aria-labelledby="claim-heading">
        <h1 id="claim-heading">Report a Claim</h1>
        <p className="claim-blocked">{FLOOD_BALANCE_MESSAGE}</p>
        <p>
          {DEAD_END_TEXT.floodBalanceCall} <PhoneLink phone={claimsPhone} />
        </p>
        {mayMakePayment(policy) && makePaymentGate(policy).kind === 'form' && (
          <p>
            {DEAD_END_TEXT.floodBalancePay} <a href={pathOf('MakePayment')}>Make a Payment</a>
          </p>
        )}
      </section>
    )
  }
  return (
    <div className="claim-page">
      <section className="card claim-intro" aria-labelledby="claim-heading">
        <h1 id="claim-heading">Report a Claim</h1>
        <p>
          {CLAIM_PAGE_TEXT.introLead} <PhoneLink phone={claimsPhone} />.
        </p>
        <p>{CLAIM_PAGE_TEXT.haveReadyHeading}</p>
        <ul>
          {CLAIM_PAGE_TEXT.haveReady.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{CLAIM_PAGE_TEXT.contactPromise}</p>
        <p>
          {CLAIM_PAGE_TEXT.noClaimNumber} <PhoneLink phone={claimsPhone} />.
        </p>
      </section>
      <Island name="report-claim" hydrate="load" props={islandProps(policy, claimsPhone, reportedAt)} />
    </div>
  )
}

function show(c: Context<AppEnv>): Response {
  return renderPage(c, <ReportClaimView policy={policyContext(c).policy} claimsPhone={c.env.CLAIMS_PHONE} reportedAt={Date.now()} />)
}

reportClaimPage.get('/', show)
