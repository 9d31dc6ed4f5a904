import { useEffect, useId, useRef } from 'react'
import { formatCountdown } from './timing'

export interface TimeoutDialogProps {
  secondsLeft: number
  onContinue: () => void
  onLogOut: () => void
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * The warning dialog. Mounted only while open (never on the server). Focus goes to Continue, Tab
 * cycles inside the dialog, Escape means Continue, and focus returns where it was when it closes.
 */
export function TimeoutDialog({ secondsLeft, onContinue, onLogOut }: TimeoutDialogProps) {
  const titleId = useId()
  const bodyId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const continueRef = useRef<HTMLButtonElement>(null)
  const latest = useRef(onContinue)

  useEffect(() => {
    latest.current = onContinue
  }, [onContinue])

  useEffect(() => {
    const dialog = dialogRef.current
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    continueRef.current?.focus()

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        latest.current()
      } else if (e.key === 'Tab' && dialog) {
        trapTab(dialog, e)
      }
    }
    const onFocusIn = (e: FocusEvent) => {
      if (dialog && e.target instanceof Node && !dialog.contains(e.target)) continueRef.current?.focus()
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
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId} className="modal__title">Your session is about to expire</h2>
        <p id={bodyId} className="modal__body">
          For your security, you will be logged out in{' '}
          <span aria-live="off" data-testid="session-countdown">{formatCountdown(secondsLeft)}</span>.
        </p>
        <div className="modal__actions">
          <button ref={continueRef} type="button" className="btn btn--primary" onClick={onContinue}>
            Continue
          </button>
          <button type="button" className="btn btn--secondary" onClick={onLogOut}>
            Log Out
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
