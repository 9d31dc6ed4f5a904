import { useId, useRef, type CSSProperties, type ReactNode } from 'react'
import { useModalFocus } from '../ui/use-modal-focus'
import type { FraudLanguage } from '../../shared/claims/api-shapes'
import { fraudWarningStyle } from '../../shared/claims/seed-display'
import { useClaimTexts } from './texts'

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
  const t = useClaimTexts()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  useModalFocus(dialogRef, titleRef, onEscape)
  return (
    <div className="modal-backdrop">
      <div ref={dialogRef} className="modal claim-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        {onClose && (
          <button type="button" className="claim-modal__close" aria-label={t.close} onClick={onClose}>
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
  const t = useClaimTexts()
  return (
    <Modal
      title={t.assignRepairsTitle}
      onEscape={onClose}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t.cancel}
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            {t.confirm}
          </button>
        </>
      }
    >
      <p>{t.assignRepairsAssigned}</p>
      <p>
        {t.assignRepairsNoContact} <PhoneLink phone={claimsPhone} />.
      </p>
      <p>{t.assignRepairsReimbursement}</p>
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
  const t = useClaimTexts()
  return (
    <Modal
      title={t.confirmClaimTitle}
      onEscape={onCancel}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t.cancel}
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm}>
            {t.confirm}
          </button>
        </>
      }
    >
      {fraud && <FraudWarning lang={fraud} className="claim-fraud claim-fraud--modal" />}
      {showNote && (
        <p>
          {t.claimNumberNote} <PhoneLink phone={claimsPhone} />.
        </p>
      )}
    </Modal>
  )
}
