import { useEffect, useId, useRef } from 'react'
import type { ESignTerms } from './terms'
import { TermsBody } from './TermsBody'

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * The terms and conditions modal (spec 000 "Modals"). Mounted only while open (never on the server).
 * Focus goes to the scrollable text (so arrow keys scroll it), Tab cycles inside the dialog, Escape
 * and Close close it, and focus returns to what opened it.
 */
export function TermsDialog({ terms, onClose }: { terms: ESignTerms; onClose: () => void }) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const latest = useRef(onClose)

  useEffect(() => {
    latest.current = onClose
  }, [onClose])

  useEffect(() => {
    const dialog = dialogRef.current
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    bodyRef.current?.focus()
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        latest.current()
      } else if (e.key === 'Tab' && dialog) {
        trapTab(dialog, e)
      }
    }
    const onFocusIn = (e: FocusEvent) => {
      if (dialog && e.target instanceof Node && !dialog.contains(e.target)) bodyRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      if (previous?.isConnected) previous.focus()
    }
  }, [])

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
            Close
          </button>
        </div>
      </div>
    </div>
  )
}

function trapTab(dialog: HTMLElement, e: KeyboardEvent): void {
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE))
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) return
  const active = document.activeElement
  if (!(active instanceof Node) || !dialog.contains(active)) {
    e.preventDefault()
    first.focus()
  } else if (e.shiftKey && active === first) {
    e.preventDefault()
    last.focus()
  } else if (!e.shiftKey && active === last) {
    e.preventDefault()
    first.focus()
  }
}
