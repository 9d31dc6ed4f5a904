import { useId, useRef } from 'react'
import { useModalFocus } from '../ui/use-modal-focus'
import { formatCountdown } from './timing'

export interface TimeoutDialogProps {
  secondsLeft: number
  onContinue: () => void
  onLogOut: () => void
}

/**
 * The warning dialog. Mounted only while open (never on the server). Focus goes to Continue, Tab
 * cycles inside the dialog, Escape means Continue, and focus returns where it was when it closes.
 */
export function TimeoutDialog({ secondsLeft, onContinue, onLogOut }: TimeoutDialogProps) {
  const titleId = useId()
  const bodyId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const continueRef = useRef<HTMLButtonElement>(null)
  useModalFocus(dialogRef, continueRef, onContinue)

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
