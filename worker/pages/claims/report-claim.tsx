import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { routeFamilyFor } from '../../../shared/policy/family'
import { floodClaimBlocked, streetLine } from '../../../shared/claims/policy-facts'
import type { ReportClaimProps } from '../../../shared/claims/schemas/claim-props'
import { renderPage } from '../../render/render-page'
import { Island } from '../../render/island'
import { policyContext } from '../../middleware/guards'
import { PhoneLink } from '../../render/tel-links'
import { canPayOnline } from '../../../shared/payments/gate'
import { definePage } from '../page'
import { claimReferenceOf } from '../../../shared/claims/claim-address'
import { pairedClaimOffer, type PairedOffer } from '../../services/claims/paired-claims'
import { openPolicy } from '../../services/policy/policy-access'
import { CarriedNotice, PairedOfferView, pairedReportPath } from './paired-claims'
import { reportClaimPageTexts } from './texts/report-claim'
import { reportClaimIslandTexts } from '../../../shared/claims/texts/report-claim-island'
import { REPORT_FORM_MESSAGES } from '../../../shared/claims/messages-es'
import { spanishMessagesOf } from '../../../shared/i18n/messages'
import type { Locale } from '../../../shared/i18n/locale'
import { useLocale } from '../../render/locale'

/**
 * /report-claim (spec 001 sections 2, 4, 7): the intro with the claims phone line, what to have ready,
 * the 48-business-hours promise and the no-claim-number notice, then the report-claim island (the
 * flood or the homeowners form). A flood policy with an amount due sees the disabled message, the claims
 * line to call instead and, when it may pay online, the way to Make a Payment (issue 21 item 1).
 * Who may open the page at all (not cancelled, not excess flood) is the route guard's rule, not this
 * page's.
 */
export const reportClaimPage = definePage('ReportClaim')

function islandProps(policy: Policy, claimsPhone: string, reportedAt: number, paired: PairedOffer | null, cancelUrl: string, locale: Locale): ReportClaimProps {
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
    submitUrl: `/v1/${apiFamily('FirstNoticeOfLoss')}/FirstNoticeOfLoss/${policy.policyID}${paired?.kind === 'offer' ? `?pairedWith=${paired.claimNumber}` : ''}`,
    draftUrl: `/v1/${apiFamily('ClaimDraft')}/ClaimDraft/${policy.policyID}`,
    cancelUrl,
    systemMessageUrl: pathOf('SystemMessage'),
    logUrl: '/v1/common/Log',
    locale,
    texts: reportClaimIslandTexts[locale],
    messages: locale === 'en' ? {} : spanishMessagesOf(REPORT_FORM_MESSAGES),
    ...(paired?.kind === 'offer' ? { carried: paired.carried } : {}),
  }
}

interface ViewProps {
  policy: Policy
  claimsPhone: string
  reportedAt: number
  paired: PairedOffer | null
  /** A claim session (decision 220): Cancel leads out to Login, and no payment is offered (it opens nothing else). */
  claimSession: boolean
}

function ReportClaimView({ policy, claimsPhone, reportedAt, paired, claimSession }: ViewProps) {
  const locale = useLocale()
  const t = reportClaimPageTexts[locale]
  if (floodClaimBlocked(policy)) {
    return (
      <section className="card claim-page" aria-labelledby="claim-heading">
        <h1 id="claim-heading">{t.heading}</h1>
        <p className="claim-blocked">{t.floodBalance}</p>
        <p>
          {t.floodBalanceCall} <PhoneLink phone={claimsPhone} />
        </p>
        {!claimSession && canPayOnline(policy) && (
          <p>
            {t.floodBalancePay} <a href={pathOf('MakePayment')}>{t.makePayment}</a>
          </p>
        )}
      </section>
    )
  }
  return (
    <div className="claim-page">
      <section className="card claim-intro" aria-labelledby="claim-heading">
        <h1 id="claim-heading">{t.heading}</h1>
        <p>
          {t.introLead} <PhoneLink phone={claimsPhone} />.
        </p>
        <p>{t.haveReadyHeading}</p>
        <ul>
          {[t.haveReady1, t.haveReady2, t.haveReady3, t.haveReady4].map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{t.contactPromise}</p>
        <p>
          {t.noClaimNumber} <PhoneLink phone={claimsPhone} />.
        </p>
      </section>
      {paired?.kind === 'offer' && <CarriedNotice claimNumber={paired.claimNumber} />}
      {paired?.kind === 'linked' && <PairedOfferView offer={paired} />}
      <Island
        name="report-claim"
        hydrate="load"
        props={islandProps(policy, claimsPhone, reportedAt, paired, pathOf(claimSession ? 'Login' : 'PolicyOverview'), locale)}
      />
    </div>
  )
}

/**
 * ?pairedWith={claim}: the offer after a storm claim on the person's other policy of the same home
 * (decision 213). The page loads that policy first (as a claim's address does), then shows its form with
 * the loss facts carried over; an offer that is not this person's, or not a pair, is the plain page.
 */
async function show(c: Context<AppEnv>): Promise<Response> {
  const { session, policy } = policyContext(c)
  const reference = claimReferenceOf(c.req.query('pairedWith') ?? '')
  const offer = reference ? await pairedClaimOffer(c.env, session, reference) : null
  if (offer && offer.toPolicy.policyID !== policy.policyID && (await openPolicy(c.env, session, offer.toPolicy.policyID))) {
    c.header('Cache-Control', 'no-store')
    return c.redirect(pairedReportPath(offer.claimNumber), 303)
  }
  const paired = offer?.toPolicy.policyID === policy.policyID ? offer : null
  return renderPage(
    c,
    <ReportClaimView policy={policy} claimsPhone={c.env.CLAIMS_PHONE} reportedAt={Date.now()} paired={paired} claimSession={session.kind === 'claim'} />,
  )
}

reportClaimPage.get('/', show)
