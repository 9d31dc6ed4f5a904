import type { Policy } from '../../../shared/policy/schemas/policy'
import { DOCUMENTS_CLOSING_NOTE, DOCUMENTS_CLOSING_NOTE_WITHHELD, documentTitle } from '../../../shared/policy/documents'
import { PhoneLink } from '../../render/tel-links'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { documentListing, type DocumentDescriptor, type PacketDescriptor } from '../../services/policy/documents'
import { Screen } from './parts'
import { definePage } from '../page'

/** The GET links of worker/api/policy/documents.ts: the loaded policy's files, as PDF attachments. */
function documentHref(d: Pick<DocumentDescriptor, 'fileName' | 'documentType'>): string {
  return `/v1/common/DownloadDocument/?${new URLSearchParams({ fileName: d.fileName, documentType: d.documentType })}`
}

function packetHref(p: Pick<PacketDescriptor, 'transactionType' | 'effectiveDate'>): string {
  return `/v1/common/DownloadPolicyPacketDocument/?${new URLSearchParams({ transactionType: p.transactionType, effectiveDate: p.effectiveDate })}`
}

function PdfLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} type="application/pdf" className="document-link">
      {children}
      <span className="visually-hidden"> (PDF download)</span>
    </a>
  )
}

/** Spec 000 "Documents screen": Policy Packets, Policy Documents, Coverage Documents, and the closing note. */
function PolicyDocumentsView({ policy, supportPhone }: { policy: Policy; supportPhone: string }) {
  const list = documentListing(policy)
  return (
    <Screen title="Documents" id="documents-heading">
      {list.policyPacketDocuments.length > 0 && (
        <section aria-labelledby="packets-heading" className="documents-section">
          <h2 id="packets-heading">Policy Packets</h2>
          <ul className="document-list">
            {list.policyPacketDocuments.map((p) => (
              <li key={`${p.transactionType}-${p.effectiveDate}`}>
                <PdfLink href={packetHref(p)}>{p.name}</PdfLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="policy-docs-heading" className="documents-section">
        <h2 id="policy-docs-heading">Policy Documents</h2>
        {list.policyDocuments.length > 0 && (
          <ul className="document-list">
            {list.policyDocuments.map((d) => (
              <li key={d.fileName}>
                <PdfLink href={documentHref(d)}>{documentTitle(d.description)}</PdfLink>
              </li>
            ))}
          </ul>
        )}
        {list.declarationsMessage && <p className="documents-message">{list.declarationsMessage}</p>}
      </section>
      <section aria-labelledby="coverage-docs-heading" className="documents-section">
        <h2 id="coverage-docs-heading">Coverage Documents</h2>
        {list.standardDocuments.length > 0 && (
          <ul className="document-list">
            {list.standardDocuments.map((d) => (
              <li key={d.fileName}>
                <PdfLink href={documentHref(d)}>{documentTitle(d.description)}</PdfLink>
              </li>
            ))}
          </ul>
        )}
        {list.coverageMessage && <p className="documents-message">{list.coverageMessage}</p>}
      </section>
      {list.declarationsMessage ? (
        <p className="documents-note">
          {DOCUMENTS_CLOSING_NOTE_WITHHELD} <PhoneLink phone={supportPhone} />.
        </p>
      ) : (
        <p className="documents-note">{DOCUMENTS_CLOSING_NOTE}</p>
      )}
    </Screen>
  )
}

export const policyDocumentsPage = definePage('PolicyDocs')

policyDocumentsPage.get('/', (c) => renderPage(c, <PolicyDocumentsView policy={policyContext(c).policy} supportPhone={c.env.SUPPORT_PHONE} />))
