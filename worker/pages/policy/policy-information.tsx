import { pathOf } from '../../../shared/routes'
import type { Context } from 'hono'
import type { ReactNode } from 'react'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDateIn } from '../../../shared/i18n/format'
import { policyWordIn } from '../../../shared/policy/policy-words'
import { useLocale, useTexts } from '../../render/locale'
import { SUMMARY_TEXTS } from './texts'
import { planDescription } from '../../../shared/policy/plans'
import { emailText, showsBirthDateAndMaritalStatus, showsFloodZone, showsUnderwritingStatus, underwritingNextStep } from '../../../shared/policy/summary'
import { callAgentText } from '../../../shared/policy/dead-ends'
import { PhoneLink } from '../../render/tel-links'
import {
  ADDITIONAL_INTEREST_NOTE,
  escrowed,
  mortgageeHeading,
  mortgageeWordIn,
  shownAdditionalInterests,
  shownMortgagees,
  showsAdditionalInsureds,
  showsAdditionalInterestCountry,
  showsAdditionalInterests,
  showsMortgageeType,
} from '../../../shared/policy/mortgagees'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { AddressLines, Screen } from './parts'
import { CoveragesBlock, PROOF } from './coverages-block'
import { issueProof } from '../../services/policy/proof-of-insurance'
import { proofFileName } from '../../../shared/policy/proof-of-insurance'
import { sendProofSchema } from '../../../shared/policy/send-proof'
import { MSG } from '../../../shared/forms/messages'
import { RATE_RULES } from '../../middleware/rate-rules'
import { consumeFormToken, issueFormToken } from '../../services/idempotency/form-tokens'
import { background } from '../../lib/background'
import { sendProof } from '../../services/policy/send-proof'
import { formWork, STORE_FAILED, STORE_FAILED_STATUS, submittedForm } from '../../render/form-page'
import { pageRateLimit } from '../../middleware/page-refusals'
import { SEND_PROOF, SEND_PROOF_FORM, type SendProofState } from './send-proof-form'
import { definePage } from '../page'
import { requestLocale } from '../../lib/request-locale'
import { profileLanguage } from '../../db/identity/profiles'
import { CHANGE_KIND_NAMES, CHANGE_NAME_TEXTS, changesClosedReason, type ChangeKind } from '../../../shared/policy/changes/kinds'

function CautionIcon() {
  return (
    <svg className="caution-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 2 1 21h22L12 2Z" fill="#f2a900" stroke="#7a5200" strokeWidth="1.2" strokeLinejoin="round" />
      <path d="M12 9v5M12 17v.5" stroke="#1d232a" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}

/** A collapsible list (open at first); its heading is the summary. */
function Collapsible({ id, heading, note, children }: { id: string; heading: string; note?: string; children: ReactNode }) {
  return (
    <details className="collapsible" open>
      <summary>
        <h2 id={id} className="collapsible__title">
          {heading}
        </h2>
        {note && <span className="collapsible__note"> {note}</span>}
      </summary>
      {children}
    </details>
  )
}

function Mortgagees({ policy }: { policy: Policy }) {
  const locale = useLocale()
  const t = SUMMARY_TEXTS[locale]
  const shown = shownMortgagees(policy)
  if (shown.length === 0) return null
  const withType = showsMortgageeType(policy.mortgagees)
  return (
    <Collapsible id="mortgagees-heading" heading={mortgageeWordIn(locale, mortgageeHeading(policy.mortgagees, shown.length))}>
      <ul className="entry-list">
        {shown.map((m) => {
          const escrow = escrowed(m)
          return (
            <li key={m.mortgageeId} className="entry">
              <p className="entry__name">{m.name}</p>
              <AddressLines address={m} />
              <dl className="facts facts--compact">
                <Fact label={t.loanId}>{m.loanId}</Fact>
                {escrow && <Fact label={t.escrowed}>{mortgageeWordIn(locale, escrow)}</Fact>}
                {withType && <Fact label={t.mortgageeType}>{mortgageeWordIn(locale, m.type)}</Fact>}
              </dl>
            </li>
          )
        })}
      </ul>
      <p>
        <a href={pathOf('ChangeMortgagee')}>{t.changeMortgagee}</a>
      </p>
    </Collapsible>
  )
}

function AdditionalInterests({ policy }: { policy: Policy }) {
  const locale = useLocale()
  if (!showsAdditionalInterests(policy)) return null
  const shown = shownAdditionalInterests(policy)
  if (shown.length === 0) return null
  const country = showsAdditionalInterestCountry(policy)
  return (
    <Collapsible id="interests-heading" heading={SUMMARY_TEXTS[locale].additionalInterests} note={mortgageeWordIn(locale, ADDITIONAL_INTEREST_NOTE)}>
      <ul className="entry-list">
        {shown.map((a, i) => (
          <li key={i} className="entry">
            <p className="entry__name">{a.name}</p>
            <AddressLines address={{ address1: a.address, city: a.city, state: a.state, zipCode: a.zipCode }} extra={country ? [a.country] : []} />
          </li>
        ))}
      </ul>
    </Collapsible>
  )
}

function AdditionalInsureds({ policy }: { policy: Policy }) {
  const t = useTexts(SUMMARY_TEXTS)
  if (!showsAdditionalInsureds(policy)) return null
  return (
    <Collapsible id="insureds-heading" heading={t.additionalInsureds}>
      <ul className="entry-list">
        {policy.additionalNamedInsureds.map((n) => (
          <li key={n.additionalNamedInsuredId} className="entry">
            <p className="entry__name">{n.companyName || `${n.firstName} ${n.lastName}`.trim()}</p>
            <AddressLines address={n} />
          </li>
        ))}
      </ul>
    </Collapsible>
  )
}

/**
 * The way to Change My Policy for every policy that can be changed online (issue 34, decision 215),
 * with or without a mortgagee; it names the kinds there are.
 */
function ChangeMyPolicyLink({ policy }: { policy: Policy }) {
  const t = useTexts(CHANGE_NAME_TEXTS)
  if (changesClosedReason(policy)) return null
  const kinds = (Object.keys(CHANGE_KIND_NAMES) as ChangeKind[]).map((k, i) => (i === 0 ? t[k] : t[k].toLowerCase()))
  return (
    <p className="change-policy">
      <a href={pathOf('PolicyChanges')} aria-describedby="change-policy-kinds">
        {t.heading}
      </a>
      <span id="change-policy-kinds">{`: ${kinds.join(', ')}.`}</span>
    </p>
  )
}

/** Spec 001 "Policy Summary page", every field with its condition. */
/** The next step of an underwriting status that waits on the policyholder, with the agent to call (issue 35). */
function UnderwritingNextStep({ policy: p }: { policy: Policy }) {
  const locale = useLocale()
  const step = underwritingNextStep(p.underwritingStatus, locale)
  if (!step) return null
  const phone = p.agentPhone.trim()
  return (
    <span className="underwriting-next">
      {step}
      {phone && (
        <>
          {' '}
          {callAgentText(p.agentName, locale)} <PhoneLink phone={phone} />
        </>
      )}
    </span>
  )
}

function PolicySummaryView({ policy: p, send }: { policy: Policy; send?: SendProofState }) {
  const risk = p.riskAddresses[0]!
  const mailing = p.mailingAddress
  const locale = useLocale()
  const t = SUMMARY_TEXTS[locale]
  return (
    <Screen title={t.heading} id="summary-heading">
      <dl className="facts">
        <Fact label={t.policy}>
          {p.policyID} <span className="plan-id">{p.planId}</span>
        </Fact>
        <Fact label={t.status}>{policyWordIn(locale, p.policyStatus)}</Fact>
        {showsUnderwritingStatus(p) && (
          <Fact label={t.underwritingStatus}>
            <span className="caution">
              <CautionIcon />
              <span className="visually-hidden">{t.caution}</span>
              {policyWordIn(locale, p.underwritingStatus)}
            </span>
            <UnderwritingNextStep policy={p} />
          </Fact>
        )}
        <Fact label={t.type}>{planDescription(p.planId, locale)}</Fact>
        <Fact label={t.policyTerm}>
          {formatDateIn(locale, p.effectiveDate)} - {formatDateIn(locale, p.renewalDate)}
        </Fact>
        {showsFloodZone(p) && <Fact label={t.floodZone}>{p.floodZone}</Fact>}
      </dl>
      <CoveragesBlock policy={p} {...(send ? { send } : {})} />
      <dl className="facts facts--after-coverages">
        <Fact label={t.propertyAddress}>
          <AddressLines address={risk} extra={risk.county ? [t.county(risk.county)] : []} />
        </Fact>
        <Fact label={t.mailingAddress}>
          <AddressLines address={mailing} extra={mailing.country && mailing.country !== 'USA' ? [mailing.country] : []} />
        </Fact>
        {showsBirthDateAndMaritalStatus(p) && (
          <>
            <Fact label={t.birthDate}>{formatDateIn(locale, p.birthDate)}</Fact>
            <Fact label={t.maritalStatus}>{policyWordIn(locale, p.maritalStatus)}</Fact>
          </>
        )}
        <Fact label={t.homePhone}>{p.homePhone}</Fact>
        <Fact label={t.email}>{emailText(p.email, locale)}</Fact>
      </dl>
      <ChangeMyPolicyLink policy={p} />
      <Mortgagees policy={p} />
      <AdditionalInterests policy={p} />
      <AdditionalInsureds policy={p} />
    </Screen>
  )
}

export const policyInformationPage = definePage('PolicyOverview')

/** The Policy Summary, with 'Send to my lender' in the state a POST left it (a fresh one-time token each time). */
async function summary(c: Context<AppEnv>, send: Omit<SendProofState, 'formToken'> = {}, status?: 400 | 503) {
  const formToken = await issueFormToken(c, SEND_PROOF_FORM)
  return renderPage(c, <PolicySummaryView policy={policyContext(c).policy} send={{ ...send, formToken }} />, status ? { status } : {})
}

policyInformationPage.get('/', (c) => summary(c))

/**
 * 'Send to my lender' (issue 24): counted per policy and account; the one-time token makes a second click
 * answer what the first did (the same page, no second mail).
 */
policyInformationPage.post(SEND_PROOF, pageRateLimit(RATE_RULES.sendProof), (c) =>
  consumeFormToken(c, SEND_PROOF_FORM, async () => {
    const form = await submittedForm(c, sendProofSchema)
    if (!form.ok) return summary(c, { typed: form.typed, errors: form.errors }, 400)
    const { policy, session } = policyContext(c)
    // The copy goes to the policyholder: in their profile's language, or the page's when they came by SSO
    // (read inside the work, so a store that fails answers as the mail's own failure does).
    const sent = await formWork(c, 'proof of insurance mail', async () => {
      const copyLocale = session.profileId ? await profileLanguage(c.env.DB, session.profileId) : requestLocale(c)
      return sendProof(c.env, policy, form.data, Date.now(), background(c), copyLocale)
    })
    if (sent === STORE_FAILED) return summary(c, { typed: form.typed, errors: { email: MSG.storeUnavailable } }, STORE_FAILED_STATUS)
    return summary(c, { sent })
  }),
)

/** Proof of insurance on demand (issue 24): a plain GET link, so it works without script; each request issues a new code. */
policyInformationPage.get(PROOF, async (c) => {
  const policy = policyContext(c).policy
  const proof = await issueProof(c.env, policy, Date.now(), requestLocale(c))
  return c.body(proof.bytes as unknown as ArrayBuffer, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${proofFileName(policy.policyID, proof.issuedOn)}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
})
