import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDate } from '../../../shared/format'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { DataTable, EmptyText, Screen } from '../policy/parts'
import { signaturesOf } from '../../services/esign/esign-evidence-pdf'
import { definePage } from '../page'

const NO_ESIGNATURES = 'There is no e-signature history on this policy.'

/** An e-signature made in this portal, with its evidence to download. */
interface SignedHere {
  signatureId: string
  signedBy: string
  dateSigned: string
}

export const EVIDENCE_TEXT = {
  heading: 'Signed in this portal',
  intro: 'For each application you signed here, you can keep a PDF of what was presented, when and where you signed, and what you typed.',
  link: 'Evidence (PDF)',
} as const

/** Where the evidence of a signature downloads (a /v1 download, not a page: the family serving e-signatures is homeowners). */
export const evidencePath = (policyId: string, signatureId: string) => `/v1/homeowners/ESignatureEvidence/${policyId}/${encodeURIComponent(signatureId)}`

/** Spec 000 "E-Signatures history": Signed, Date, Document; then the portal's own signatures with their evidence (issue 21 item 13). */
function ESignHistoryView({ policy, signedHere }: { policy: Policy; signedHere: SignedHere[] }) {
  return (
    <Screen title="E-Signatures" id="esign-history-heading">
      {policy.eSignatures.length === 0 ? (
        <EmptyText>{NO_ESIGNATURES}</EmptyText>
      ) : (
        <DataTable
          caption={`E-signatures on policy ${policy.policyID}`}
          rows={policy.eSignatures}
          rowKey={(_s, i) => String(i)}
          columns={[
            { header: 'Signed', cell: (s) => s.eSignature },
            { header: 'Date', cell: (s) => formatDate(s.dateSigned) },
            { header: 'Document', cell: (s) => s.statementText },
          ]}
        />
      )}
      {signedHere.length > 0 && (
        <section aria-labelledby="signed-here-heading">
          <h2 id="signed-here-heading">{EVIDENCE_TEXT.heading}</h2>
          <p>{EVIDENCE_TEXT.intro}</p>
          <ul>
            {signedHere.map((s) => (
              <li key={s.signatureId}>
                <time dateTime={s.dateSigned}>{formatDate(s.dateSigned)}</time>, signed by <bdi>{s.signedBy}</bdi>:{' '}
                <a href={evidencePath(policy.policyID, s.signatureId)}>{EVIDENCE_TEXT.link}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Screen>
  )
}

export const eSignHistoryPage = definePage('ESignHistory')

/** Flood and umbrella policies never get here: the route's permission (mayViewESignHistory) refuses them. */
eSignHistoryPage.get('/', async (c) => {
  const { policy } = policyContext(c)
  const signedHere = (await signaturesOf(c.env.DB, policy.policyID)).map((s) => ({
    signatureId: s.signature_id,
    signedBy: s.applicant_signature,
    dateSigned: s.date_signed,
  }))
  return renderPage(c, <ESignHistoryView policy={policy} signedHere={signedHere} />)
})
