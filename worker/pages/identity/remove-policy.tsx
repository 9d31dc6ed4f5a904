import { pathOf } from '../../../shared/routes'
import { ScriptIsland } from '../../render/island'
import { useTexts } from '../../render/locale'
import { policiesTexts } from './texts/profile'

/**
 * Remove, with the 'Confirm Remove Policy from Profile' modal (spec 000 "Your Policies" and "Remove
 * policy"): a script island (decision 198). Without script, Remove submits a GET form to the confirmation
 * page. The script (islands/confirm-remove-policy/script.ts) makes Remove a plain button, whose invoker
 * command opens the native modal <dialog>: focus moves to No, the page behind is inert, Escape and No
 * close it and focus returns to Remove. Yes posts the form the confirmation page posts.
 */
export function RemovePolicy({ policyId, disabled }: { policyId: string; disabled: boolean }) {
  const dialogId = `remove-${policyId}`
  const action = pathOf('ConfirmRemovePolicy')
  const t = useTexts(policiesTexts)
  return (
    <ScriptIsland name="confirm-remove-policy" settings={{}}>
      <form method="get" action={action} className="profile-inline-form">
        <input type="hidden" name="policyId" value={policyId} />
        {/* A submit button ignores its invoker command until the script makes it type="button". */}
        <button type="submit" className="btn btn--secondary" disabled={disabled} commandfor={dialogId} command="show-modal">
          {t.remove}
          <span className="visually-hidden">{t.removePolicy(policyId)}</span>
        </button>
      </form>
      <dialog id={dialogId} className="modal profile-dialog" aria-labelledby={`${dialogId}-title`}>
        <h2 id={`${dialogId}-title`} className="modal__title">
          {t.removeTitle}
        </h2>
        <p>{t.removeQuestion}</p>
        <p className="profile-dialog__policy">{policyId}</p>
        <form method="post" action={action} className="modal__actions">
          <input type="hidden" name="policyId" value={policyId} />
          <button type="button" className="btn btn--secondary" commandfor={dialogId} command="close">
            {t.no}
          </button>
          <button type="submit" className="btn btn--primary">
            {t.yes}
          </button>
        </form>
      </dialog>
    </ScriptIsland>
  )
}
