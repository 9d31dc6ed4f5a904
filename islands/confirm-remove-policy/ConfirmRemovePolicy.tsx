import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { ConfirmRemovePolicyProps } from '../../shared/schemas/confirm-remove-policy'

/**
 * Remove, with the 'Confirm Remove Policy from Profile' modal (spec 000 "Your Policies" and "Remove
 * policy"). The server renders a GET form to the confirmation page, which is what works before (or
 * without) hydration; once hydrated, Remove opens a native modal <dialog> instead (focus moves into it,
 * the page behind is inert, Escape and No close it and focus returns to Remove). Yes posts the same form
 * the confirmation page posts.
 */
export function ConfirmRemovePolicy({ policyId, confirmUrl, disabled }: ConfirmRemovePolicyProps) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const noRef = useRef<HTMLButtonElement>(null)
  // Set once hydrated: from then on Remove opens the modal (data-enhanced says so, e.g. to tests).
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])

  const open = (e: FormEvent<HTMLFormElement>) => {
    const dialog = dialogRef.current
    if (!dialog || typeof dialog.showModal !== 'function') return // no modal support: go to the confirmation page
    e.preventDefault()
    dialog.showModal()
    noRef.current?.focus()
  }

  return (
    <>
      <form method="get" action={confirmUrl} className="profile-inline-form" onSubmit={open} data-enhanced={enhanced ? '' : undefined}>
        <input type="hidden" name="policyId" value={policyId} />
        <button type="submit" className="btn btn--secondary" disabled={disabled}>
          Remove<span className="visually-hidden">{` policy ${policyId}`}</span>
        </button>
      </form>
      <dialog ref={dialogRef} className="modal profile-dialog" aria-labelledby={titleId}>
        <h2 id={titleId} className="modal__title">
          Confirm Remove Policy from Profile
        </h2>
        <p>Are you sure you want to remove this policy?</p>
        <p className="profile-dialog__policy">{policyId}</p>
        <form method="post" action={confirmUrl} className="modal__actions">
          <input type="hidden" name="policyId" value={policyId} />
          <button ref={noRef} type="button" className="btn btn--secondary" onClick={() => dialogRef.current?.close()}>
            No
          </button>
          <button type="submit" className="btn btn--primary">
            Yes
          </button>
        </form>
      </dialog>
    </>
  )
}
