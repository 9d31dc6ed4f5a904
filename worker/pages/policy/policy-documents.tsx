import type { Policy } from '../../../shared/policy/schemas/policy'
import { DOCUMENTS_CLOSING_NOTE, DOCUMENTS_CLOSING_NOTE_WITHHELD, documentTitleIn, documentsWordIn, packetNameIn } from '../../../shared/policy/documents'
import { useLocale, useTexts } from '../../render/locale'
import { DOCUMENTS_TEXTS } from './texts'
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
  const t = useTexts(DOCUMENTS_TEXTS)
  return (
    <a href={href} type="application/pdf" className="document-link">
      {children}
      <span className="visually-hidden">{t.pdfDownload}</span>
    </a>
  )
}

/** Spec 000 "Documents screen": Policy Packets, Policy Documents, Coverage Documents, and the closing note. */
function PolicyDocumentsView({ policy, supportPhone }: { policy: Policy; supportPhone: string }) {
  const list = documentListing(policy)
  const locale = useLocale()
  const t = DOCUMENTS_TEXTS[locale]
  const word = (english: string) => documentsWordIn(locale, english)
  return (
    <Screen title={t.heading} id="documents-heading">
      {list.policyPacketDocuments.length > 0 && (
        <section aria-labelledby="packets-heading" className="documents-section">
          <h2 id="packets-heading">{t.packets}</h2>
          <ul className="document-list">
            {list.policyPacketDocuments.map((p) => (
              <li key={`${p.transactionType}-${p.effectiveDate}`}>
                <PdfLink href={packetHref(p)}>{packetNameIn(locale, p)}</PdfLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="policy-docs-heading" className="documents-section">
        <h2 id="policy-docs-heading">{t.policyDocuments}</h2>
        {list.policyDocuments.length > 0 && (
          <ul className="document-list">
            {list.policyDocuments.map((d) => (
              <li key={d.fileName}>
                <PdfLink href={documentHref(d)}>{documentTitleIn(locale, d.description)}</PdfLink>
              </li>
            ))}
          </ul>
        )}
        {list.declarationsMessage && <p className="documents-message">{word(list.declarationsMessage)}</p>}
      </section>
      <section aria-labelledby="coverage-docs-heading" className="documents-section">
        <h2 id="coverage-docs-heading">{t.coverageDocuments}</h2>
        {list.standardDocuments.length > 0 && (
          <ul className="document-list">
            {list.standardDocuments.map((d) => (
              <li key={d.fileName}>
                <PdfLink href={documentHref(d)}>{documentTitleIn(locale, d.description)}</PdfLink>
              </li>
            ))}
          </ul>
        )}
        {list.coverageMessage && <p className="documents-message">{word(list.coverageMessage)}</p>}
      </section>
      {list.declarationsMessage ? (
        <p className="documents-note">
          {word(DOCUMENTS_CLOSING_NOTE_WITHHELD)} <PhoneLink phone={supportPhone} />.
        </p>
      ) : (
        <p className="documents-note">{word(DOCUMENTS_CLOSING_NOTE)}</p>
      )}
    </Screen>
  )
}

export const policyDocumentsPage = definePage('PolicyDocs')

policyDocumentsPage.get('/', (c) => renderPage(c, <PolicyDocumentsView policy={policyContext(c).policy} supportPhone={c.env.SUPPORT_PHONE} />))
