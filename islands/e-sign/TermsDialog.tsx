import { useId, useRef } from 'react'
import { useModalFocus } from '../ui/use-modal-focus'
import type { ESignTerms } from '../../shared/esign/terms'
import { TermsBody } from './TermsBody'

/**
 * The terms and conditions modal (spec 000 "Modals"). Mounted only while open (never on the server).
 * Focus goes to the scrollable text (so arrow keys scroll it), Tab cycles inside the dialog, Escape
 * and Close close it, and focus returns to what opened it.
 */
export function TermsDialog({ terms, closeLabel, onClose }: { terms: ESignTerms; closeLabel: string; onClose: () => void }) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  useModalFocus(dialogRef, bodyRef, onClose)

  return (
    <div className="modal-backdrop">
      <div ref={dialogRef} className="modal esign-terms-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="modal__title">
          {terms.title}
        </h2>
        <div ref={bodyRef} className="esign-terms__body" tabIndex={0} role="region" aria-labelledby={titleId}>
          <TermsBody terms={terms} level={3} />
        </div>
        <div className="modal__actions">
          <button type="button" className="btn btn--primary" onClick={onClose}>
            {closeLabel}
          </button>
        </div>
      </div>
    </div>
  )
}
