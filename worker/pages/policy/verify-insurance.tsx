import { pathOf } from '../../../shared/routes'
import { formatDateIn } from '../../../shared/i18n/format'
import { useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { VERIFY_TEXTS } from './texts'
import { localDate } from '../../../shared/clock'
import { inForceOn, normalizeProofCode } from '../../../shared/policy/proof-of-insurance'
import { findProof } from '../../db/policy/proofs-of-insurance'
import { findPolicy } from '../../db/policy/policies'
import { renderPage } from '../../render/render-page'
import { RATE_RULES } from '../../middleware/rate-rules'
import { pageIpBurst, pageRateLimit } from '../../middleware/page-refusals'
import { cityStateZip } from '../../../shared/format'
import { definePage } from '../page'

/**
 * The public check of a proof of insurance (issue 24, decision 172): a code in, and only what a lender
 * needs out (insured, property, policy number, term, in force). A code nobody issued says 'not found'
 * and nothing else; lookups are counted per address.
 */

interface Answer {
  insured: string
  property: string
  policyId: string
  term: string
  inForce: boolean
}

function VerifyView({ typed, answer, notFound }: { typed: string; answer: Answer | null; notFound: boolean }) {
  const t = useTexts(VERIFY_TEXTS)
  return (
    <section className="card narrow" aria-labelledby="verify-heading">
      <h1 id="verify-heading">{t.heading}</h1>
      <p>{t.intro}</p>
      <form method="post" action={pathOf('VerifyInsurance')} className="form">
        <div className="field">
          <label htmlFor="f-code">{t.label}</label>
          <input id="f-code" name="code" defaultValue={typed} autoComplete="off" spellCheck={false} required maxLength={20} />
        </div>
        <button type="submit" className="btn btn--primary">
          {t.submit}
        </button>
      </form>
      {notFound && (
        <div className="alert alert--error" role="alert">
          {t.notFound}
        </div>
      )}
      {answer && (
        <div role="status">
          <h2>{answer.inForce ? t.inForce : t.notInForce}</h2>
          <dl className="facts">
            <dt>{t.insured}</dt>
            <dd>{answer.insured}</dd>
            <dt>{t.property}</dt>
            <dd>{answer.property}</dd>
            <dt>{t.policyNumber}</dt>
            <dd>{answer.policyId}</dd>
            <dt>{t.policyTerm}</dt>
            <dd>{answer.term}</dd>
            <dt>{t.inForceToday}</dt>
            <dd>{answer.inForce ? t.yes : t.no}</dd>
          </dl>
        </div>
      )}
    </section>
  )
}

export const verifyInsurancePage = definePage('VerifyInsurance')

// The mail's link carries the code (issue 35): it fills the field; Check (the counted POST) looks it up.
verifyInsurancePage.get('/', (c) => renderPage(c, <VerifyView typed={normalizeProofCode(c.req.query('code') ?? '') ?? ''} answer={null} notFound={false} />))

verifyInsurancePage.post('/', pageIpBurst, pageRateLimit(RATE_RULES.verifyInsurance), async (c) => {
  const body = await c.req.parseBody()
  const typed = typeof body.code === 'string' ? body.code.slice(0, 40) : ''
  const code = normalizeProofCode(typed)
  const proof = code ? await findProof(c.env.DB, code) : null
  const policy = proof ? await findPolicy(c.env.DB, proof.policy_id) : null
  const risk = policy?.riskAddresses[0]
  if (!policy || !risk) return renderPage(c, <VerifyView typed={typed} answer={null} notFound />)
  const answer: Answer = {
    insured: `${policy.firstName} ${policy.lastName}`.trim(),
    property: [risk.address1, risk.address2, cityStateZip(risk)].filter(Boolean).join(', '),
    policyId: policy.policyID,
    term: `${formatDateIn(requestLocale(c), policy.effectiveDate)} - ${formatDateIn(requestLocale(c), policy.renewalDate)}`,
    inForce: inForceOn(policy, localDate(Date.now(), policy.state)),
  }
  return renderPage(c, <VerifyView typed={typed} answer={answer} notFound={false} />)
})
