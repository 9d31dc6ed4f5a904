import { formatDateIn } from '../../../shared/i18n/format'
import { DOCUMENT_STATE_TEXTS, type DocumentLine } from '../../../shared/claims/follow-up/document-checklist'
import { useLocale, useTexts } from '../../render/locale'
import { claimPageTexts } from './texts/claim-page'

/**
 * The documents checklist (issue 32 item 4, decision 207): one line per document asked for, its state
 * in words (requested, sent, received by the claims team, accepted, another one needed), the file sent
 * for it and when. Plain HTML: no script.
 */
const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateIn(useLocale(), iso)}</time>

export function DocumentsChecklist({ lines }: { lines: readonly DocumentLine[] }) {
  const t = useTexts(claimPageTexts)
  const stateWords = useTexts(DOCUMENT_STATE_TEXTS)
  return (
    <ul className="documents-checklist">
      {lines.map((l) => (
        <li key={l.key} className={`documents-checklist__line documents-checklist__line--${l.state}`}>
          {/* The spaces between the parts keep them apart when read aloud or copied. */}
          <bdi className="documents-checklist__item">{l.item}</bdi> <span className="documents-checklist__state">{stateWords[l.state]}</span>{' '}
          <span className="documents-checklist__detail">
            {l.document ? (
              <>
                <bdi>{l.document.name}</bdi>, <Day iso={l.document.date} />
              </>
            ) : (
              <>
                {t.askedOn} <Day iso={l.askedOn} />
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  )
}
