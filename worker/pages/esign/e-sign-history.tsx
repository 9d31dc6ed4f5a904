import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDateIn } from '../../../shared/i18n/format'
import { useLocale } from '../../render/locale'
import { ESIGN_HISTORY_TEXTS } from './texts'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { DataTable, EmptyText, Screen } from '../policy/parts'
import { signaturesOf } from '../../services/esign/esign-evidence-pdf'
import { definePage } from '../page'

/** An e-signature made in this portal, with its evidence to download. */
interface SignedHere {
  signatureId: string
  signedBy: string
  dateSigned: string
}

/** Where the evidence of a signature downloads (a /v1 download, not a page: the family serving e-signatures is homeowners). */
export const evidencePath = (policyId: string, signatureId: string) => `/v1/homeowners/ESignatureEvidence/${policyId}/${encodeURIComponent(signatureId)}`

/** Spec 000 "E-Signatures history": Signed, Date, Document; then the portal's own signatures with their evidence (issue 21 item 13). */
function ESignHistoryView({ policy, signedHere }: { policy: Policy; signedHere: SignedHere[] }) {
  const locale = useLocale()
  const t = ESIGN_HISTORY_TEXTS[locale]
  return (
    <Screen title={t.heading} id="esign-history-heading">
      {policy.eSignatures.length === 0 ? (
        <EmptyText>{t.none}</EmptyText>
      ) : (
        <DataTable
          caption={t.caption(policy.policyID)}
          rows={policy.eSignatures}
          rowKey={(_s, i) => String(i)}
          columns={[
            { header: t.signed, cell: (s) => s.eSignature },
            { header: t.date, cell: (s) => formatDateIn(locale, s.dateSigned) },
            { header: t.document, cell: (s) => s.statementText },
          ]}
        />
      )}
      {signedHere.length > 0 && (
        <section aria-labelledby="signed-here-heading">
          <h2 id="signed-here-heading">{t.signedHere}</h2>
          <p>{t.intro}</p>
          <ul>
            {signedHere.map((s) => (
              <li key={s.signatureId}>
                <time dateTime={s.dateSigned}>{formatDateIn(locale, s.dateSigned)}</time>
                {t.signedBy}
                <bdi>{s.signedBy}</bdi>: <a href={evidencePath(policy.policyID, s.signatureId)}>{t.evidence}</a>
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
