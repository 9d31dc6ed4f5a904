import { requestLocale } from '../../lib/request-locale'
import { paymentDueTexts } from '../../../shared/payments/texts/payment-due'
import { pathOf } from '../../../shared/routes'
import { planDescription } from '../../../shared/policy/plans'
import { landingRoute } from '../../../shared/sso/landing'
import { renderPage } from '../../render/render-page'
import { PlanTypeIcon } from '../../render/plan-icon'
import { loadDashboard, type Dashboard, type DashboardPolicy } from './account-home-data'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import { useLocale, useTexts } from '../../render/locale'
import { ACCOUNT_HOME_TEXTS } from './texts'
import { openPolicy } from '../../services/policy/policy-access'
import { readForm } from '../../services/request/read-form'
import { profileSession } from '../../middleware/guards'
import { openClaimLines, type OpenClaimLine } from '../../services/claims/open-claims'
import { claimPath } from '../claims/claim'
import { PROOF_PATH } from './coverages-block'
import { COVERAGE_TEXTS } from '../../../shared/policy/coverage-texts'
import { unreadWords } from '../../../shared/claims/follow-up/conversation'

/** The Account Home form's `next` for 'Get proof of insurance': open the policy, then download its proof. */
const NEXT_PROOF = 'proof'
import { nextAction } from '../../../shared/policy/next-action'
import { canPayOnline } from '../../../shared/payments/gate'
import { TileAction } from './account-home-action'
import { definePage } from '../page'
import { attentionItems, type AttentionPolicy } from '../../../shared/policy/attention'
import { AttentionList, greetingOf } from './account-home-attention'

/**
 * Account Home as a dashboard (decision 152): a card per policy with the spec's lines (plan icon and
 * description, id, state, 'My {nickname} Policy', 'View your policy for policy details') and, read from
 * the documents loaded with the list, a status chip, the amount due and its date, and the next action.
 * Each card is one control (the policy's button, or link for a partner profile) stretched over the card.
 */
function AccountHomeView({ dashboard, openClaims }: { dashboard: Dashboard; openClaims: ReadonlyMap<string, OpenClaimLine[]> }) {
  const partner = dashboard.sendToProgressive
  const locale = useLocale()
  const t = ACCOUNT_HOME_TEXTS[locale]
  return (
    <section aria-labelledby="account-home-heading">
      <h1 id="account-home-heading">{t.heading}</h1>
      <p className="account-home__greeting">{greetingOf(dashboard.firstName, locale)}</p>
      {/* A partner profile's cards lead to the partner's page, not to actions (as the cards' own lines). */}
      {!partner && <AttentionList items={attentionItems(attentionPoliciesOf(dashboard, openClaims), locale)} />}
      <ul className="policy-grid">
        {dashboard.policies.map((p) => (
          <li key={p.policyId} className="policy-tile">
            <PolicyTile policy={p} partner={partner} claims={openClaims.get(p.policyId) ?? []} />
          </li>
        ))}
      </ul>
      {partner ? (
        <a className="btn btn--secondary" href={pathOf('FindPolicy')}>
          {t.addFlood}
        </a>
      ) : (
        <a className="btn btn--secondary" href={pathOf('ManagePolicies')}>
          {t.managePolicies}
        </a>
      )}
    </section>
  )
}

/** What 'What needs your attention' is built from: the cards' policies and their open claims, nothing read again. */
function attentionPoliciesOf(dashboard: Dashboard, openClaims: ReadonlyMap<string, OpenClaimLine[]>): AttentionPolicy[] {
  return dashboard.policies.map((p) => ({
    policyId: p.policyId,
    planID: p.planID,
    eSignatureRequired: p.glance?.action.eSignatureRequired ?? false,
    due: p.glance?.paymentDue ?? null,
    claims: openClaims.get(p.policyId) ?? [],
  }))
}

/**
 * An open claim's line on its card (issue 19): it opens the policy and then the claim's page (a form,
 * like the card's own control, since the claim page needs the policy loaded).
 */
function OpenClaim({ policyId, claim, isAction }: { policyId: string; claim: OpenClaimLine; isAction: boolean }) {
  const t = useTexts(ACCOUNT_HOME_TEXTS)
  const locale = useLocale()
  return (
    <form method="post" action={pathOf('AccountHome')} className={isAction ? 'policy-tile__claim policy-tile__action' : 'policy-tile__claim'}>
      <input type="hidden" name="policyId" value={policyId} />
      <input type="hidden" name="claimNumber" value={claim.claimNumber} />
      <button type="submit" className={isAction ? 'btn btn--primary' : 'btn--link'}>
        {t.claimLine(claim.claimNumber, claim.statusWords)}
      </button>
      {claim.unread > 0 && <p className="policy-tile__unread">{unreadWords(claim.unread, locale)}</p>}
    </form>
  )
}

/**
 * 'Get proof of insurance' on a card (issue 24): a form like the claim line's, since the proof needs the
 * policy loaded; the answer redirects to the Policy Summary's download, so the browser saves the PDF.
 */
function ProofLine({ policyId }: { policyId: string }) {
  const locale = useLocale()
  return (
    <form method="post" action={pathOf('AccountHome')} className="policy-tile__claim">
      <input type="hidden" name="policyId" value={policyId} />
      <input type="hidden" name="next" value={NEXT_PROOF} />
      <button type="submit" className="btn--link">
        {COVERAGE_TEXTS[locale].proofLink}
        <span className="visually-hidden">{ACCOUNT_HOME_TEXTS[locale].namesPolicyId(policyId)}</span>
      </button>
    </form>
  )
}

export function PolicyTile({ policy: p, partner, claims = [] }: { policy: DashboardPolicy; partner: boolean; claims?: readonly OpenClaimLine[] }) {
  const glance = p.glance
  const locale = useLocale()
  const t = ACCOUNT_HOME_TEXTS[locale]
  const plan = planDescription(p.planID, locale)
  const action = glance && !partner ? nextAction({ ...glance.action, openClaim: claims[0]?.claimNumber ?? null }) : { kind: 'view' as const }
  const open = (
    <>
      <span className="policy-tile__nickname">{t.nickname(p.policyNickname.trim())}</span>
      <span className="policy-tile__cta">{t.viewPolicy}</span>
      {/* Names which policy the control opens: every card's visible words could be the same. */}
      <span className="visually-hidden">{t.namesPolicy(plan, p.policyId)}</span>
    </>
  )
  return (
    <>
      <div className="policy-tile__top">
        <span className="policy-tile__icon">
          <PlanTypeIcon planId={p.planID} />
        </span>
        <div className="policy-tile__titles">
          <h2 className="policy-tile__plan">{plan}</h2>
          <p className="policy-tile__meta">
            <span className="policy-tile__id">{p.policyId}</span>
            <span className="policy-tile__state">{p.state}</span>
            {glance && <span className={`chip tone--${glance.status.tone}`}>{t[glance.status.label]}</span>}
          </p>
        </div>
      </div>
      {glance && 'amount' in glance.due && (
        <dl className="policy-tile__facts">
          <dt>{t.amountDue}</dt>
          <dd className="money">{formatUsdIn(locale, glance.due.amount)}</dd>
          <dt>{(glance.due.dateLabel === 'By:' ? paymentDueTexts[locale].by : paymentDueTexts[locale].nextDraft).replace(/:$/, '')}</dt>
          <dd className="date">{formatDateIn(locale, glance.due.date)}</dd>
        </dl>
      )}
      {glance && 'text' in glance.due && <p className="policy-tile__due">{glance.due.text}</p>}
      {glance?.due.eftNote && <p className="policy-tile__eft">{glance.due.eftNote}</p>}
      {glance?.next && (
        <p className={`policy-tile__next tone--${glance.next.tone}`}>{glance.next.label === 'Payment Due' ? t.paymentDue : t.eSignatureRequired}</p>
      )}
      {!partner &&
        claims.map((claim) => (
          <OpenClaim
            key={claim.claimNumber}
            policyId={p.policyId}
            claim={claim}
            isAction={action.kind === 'claim' && action.claimNumber === claim.claimNumber}
          />
        ))}
      <TileAction policyId={p.policyId} action={action} />
      {!partner && p.hasCoverages && <ProofLine policyId={p.policyId} />}
      {partner ? (
        <a className="policy-tile__link" href={pathOf('GreatNews')}>
          {open}
        </a>
      ) : (
        <form method="post" action={pathOf('AccountHome')}>
          <input type="hidden" name="policyId" value={p.policyId} />
          <button type="submit" className="policy-tile__link">
            {open}
          </button>
        </form>
      )}
    </>
  )
}

export const accountHomePage = definePage('AccountHome')

accountHomePage.get('/', async (c) => {
  const session = profileSession(c)
  const dashboard = await loadDashboard(c.env, session.profileId, Date.now(), c.get('sessionReads').dashboard, requestLocale(c))
  if (!dashboard) return c.redirect(pathOf('Error'), 303)
  const openClaims = openClaimLines(dashboard.openClaims, requestLocale(c))
  return renderPage(c, <AccountHomeView dashboard={dashboard} openClaims={openClaims} />, { sendToProgressive: dashboard.sendToProgressive })
})

/**
 * Clicking a policy loads it (within the profile's scope) and routes like the SSO landing does; an open
 * claim's line (claimNumber) goes on to that claim's page, which answers 404 unless the claim is the
 * policy's; a card's 'Pay' (go=pay) to Make a Payment; 'Get proof of insurance' (next=proof) to the
 * proof's download. 'Sign' needs nothing more: the landing rule sends a policy that must be signed to
 * E-Signature first.
 */
accountHomePage.post('/', async (c) => {
  const { policyId = '', claimNumber = '', go = '', next = '' } = await readForm(c)
  const policy = await openPolicy(c.env, profileSession(c), policyId.trim().toUpperCase())
  if (!policy) return c.redirect(pathOf('Error'), 303)
  if (/^[A-Z]{2}-\d{4}-\d{6}$/.test(claimNumber)) return c.redirect(claimPath(claimNumber), 303)
  if (next === NEXT_PROOF && policy.coverages) return c.redirect(PROOF_PATH, 303)
  // A card's 'Pay' goes to Make a Payment unless the policy no longer allows it or must be signed first.
  if (go === 'pay' && !policy.eSignatureRequired && canPayOnline(policy)) return c.redirect(pathOf('MakePayment'), 303)
  return c.redirect(pathOf(landingRoute(policy)), 303)
})
