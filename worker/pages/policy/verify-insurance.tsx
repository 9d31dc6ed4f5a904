import { pathOf } from '../../../shared/routes'
import { formatDate } from '../../../shared/format'
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

const VERIFY_TEXT = {
  intro: 'Enter the verification code printed on a proof of insurance to check that it is genuine and that the policy is still in force.',
  label: 'Verification code',
  submit: 'Check',
  notFound: 'Not found. No proof of insurance was issued with this code. Check the code and try again.',
} as const

interface Answer {
  insured: string
  property: string
  policyId: string
  term: string
  inForce: boolean
}

function VerifyView({ typed, answer, notFound }: { typed: string; answer: Answer | null; notFound: boolean }) {
  return (
    <section className="card narrow" aria-labelledby="verify-heading">
      <h1 id="verify-heading">Verify Proof of Insurance</h1>
      <p>{VERIFY_TEXT.intro}</p>
      <form method="post" action={pathOf('VerifyInsurance')} className="form">
        <div className="field">
          <label htmlFor="f-code">{VERIFY_TEXT.label}</label>
          <input id="f-code" name="code" defaultValue={typed} autoComplete="off" spellCheck={false} required maxLength={20} />
        </div>
        <button type="submit" className="btn btn--primary">
          {VERIFY_TEXT.submit}
        </button>
      </form>
      {notFound && (
        <div className="alert alert--error" role="alert">
          {VERIFY_TEXT.notFound}
        </div>
      )}
      {answer && (
        <div role="status">
          <h2>{answer.inForce ? 'Genuine, and the policy is in force' : 'Genuine, but the policy is not in force today'}</h2>
          <dl className="facts">
            <dt>Named insured</dt>
            <dd>{answer.insured}</dd>
            <dt>Property address</dt>
            <dd>{answer.property}</dd>
            <dt>Policy number</dt>
            <dd>{answer.policyId}</dd>
            <dt>Policy term</dt>
            <dd>{answer.term}</dd>
            <dt>In force today</dt>
            <dd>{answer.inForce ? 'Yes' : 'No'}</dd>
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
    term: `${formatDate(policy.effectiveDate)} - ${formatDate(policy.renewalDate)}`,
    inForce: inForceOn(policy, localDate(Date.now(), policy.state)),
  }
  return renderPage(c, <VerifyView typed={typed} answer={answer} notFound={false} />)
})
