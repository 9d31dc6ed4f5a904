import { useId, useRef, type CSSProperties, type ReactNode } from 'react'
import { useModalFocus } from '../ui/use-modal-focus'
import { ASSIGN_REPAIRS_TITLE, CLAIM_TEXT, CONFIRM_CLAIM_TITLE } from '../../shared/claims/messages'
import type { FraudLanguage } from '../../shared/claims/api-shapes'
import { fraudWarningStyle } from '../../shared/claims/seed-display'

/**
 * The two modals of spec 001 section 2. Mounted only while open: focus moves to the title, Tab stays
 * inside, Escape acts as the X (or Cancel where there is no X), and focus returns to what opened it.
 */
function Modal({
  title,
  onEscape,
  onClose,
  children,
  actions,
}: {
  title: string
  onEscape(): void
  onClose?: () => void
  children: ReactNode
  actions: ReactNode
}) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  useModalFocus(dialogRef, titleRef, onEscape)
  return (
    <div className="modal-backdrop">
      <div ref={dialogRef} className="modal claim-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        {onClose && (
          <button type="button" className="claim-modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        )}
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="modal__title">
          {title}
        </h2>
        {children}
        <div className="modal__actions">{actions}</div>
      </div>
    </div>
  )
}

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
}

/** 'Please Select An Option.': Confirm keeps the checklist, Cancel clears it, X (and Escape) keeps it. */
export function AssignRepairsDialog({
  claimsPhone,
  onConfirm,
  onCancel,
  onClose,
}: {
  claimsPhone: string
  onConfirm(): void
  onCancel(): void
  onClose(): void
}) {
  const [assigned, noContact, reimbursement] = CLAIM_TEXT.assignRepairsBody
  return (
    <Modal
      title={ASSIGN_REPAIRS_TITLE}
      onEscape={onClose}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            Confirm
          </button>
        </>
      }
    >
      <p>{assigned}</p>
      <p>
        {noContact} <PhoneLink phone={claimsPhone} />.
      </p>
      <p>{reimbursement}</p>
    </Modal>
  )
}

export function FraudWarning({ lang, className }: { lang: FraudLanguage; className: string }) {
  return (
    <p className={className} style={fraudWarningStyle(lang) as CSSProperties}>
      {lang.Description}
    </p>
  )
}

/** 'Please confirm you are the insured and would like to file a claim.': non-flood adds the fraud text and the claim-number note. */
export function ConfirmClaimDialog({
  fraud,
  claimsPhone,
  showNote,
  onConfirm,
  onCancel,
}: {
  fraud: FraudLanguage | null
  claimsPhone: string
  showNote: boolean
  onConfirm(): void
  onCancel(): void
}) {
  return (
    <Modal
      title={CONFIRM_CLAIM_TITLE}
      onEscape={onCancel}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            Confirm
          </button>
        </>
      }
    >
      {fraud && <FraudWarning lang={fraud} className="claim-fraud claim-fraud--modal" />}
      {showNote && (
        <p>
          {CLAIM_TEXT.claimNumberNote} <PhoneLink phone={claimsPhone} />.
        </p>
      )}
    </Modal>
  )
}
