import { pathOf } from '../../../shared/routes'
import { removePolicySchema } from '../../../shared/identity/schemas/nickname'
import { canRemovePolicy } from '../../../shared/identity/nickname'
import { normalizePolicyNumber } from '../../../shared/policy/policy-number'
import { renderPage } from '../../render/render-page'
import { submittedForm } from '../../render/form-page'
import { clientMeta } from '../../services/request/client-meta'
import { removePolicyFromProfile } from '../../services/identity/policy-linking'
import { adoptSession } from '../../services/identity/session-rotation'
import { setFlash } from '../../services/request/flash'
import { currentProfile } from './parts'
import { useTexts } from '../../render/locale'
import { policiesTexts } from './texts/profile'
import { profileSession } from '../../middleware/guards'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { confirmPath } from './step-up-target'
import { definePage } from '../page'

/** The confirm step of Remove without script: the modal's texts as a page. No goes back, Yes removes. */
function ConfirmRemoveView({ policyId }: { policyId: string }) {
  const t = useTexts(policiesTexts)
  return (
    <section className="card narrow" aria-labelledby="remove-heading">
      <h1 id="remove-heading">{t.removeTitle}</h1>
      <p>{t.removeQuestion}</p>
      <p className="profile-dialog__policy">{policyId}</p>
      <form method="post" action={pathOf('ConfirmRemovePolicy')}>
        <input type="hidden" name="policyId" value={policyId} />
        <div className="actions">
          <a className="btn btn--secondary" href={pathOf('ManagePolicies')}>
            {t.no}
          </a>
          <button type="submit" className="btn btn--primary">
            {t.yes}
          </button>
        </div>
      </form>
    </section>
  )
}

export const confirmRemovePolicyPage = definePage('ConfirmRemovePolicy')

confirmRemovePolicyPage.get('/', async (c) => {
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  const policyId = normalizePolicyNumber(c.req.query('policyId') ?? '')
  const linked = profile.policies.some((p) => p.policyId === policyId)
  if (!linked || !canRemovePolicy(profile.policies.length)) return c.redirect(pathOf('ManagePolicies'), 303)
  return renderPage(c, <ConfirmRemoveView policyId={policyId} />, { sendToProgressive: profile.sendToProgressive })
})

/**
 * Yes (from this page or the modal): removes and reloads the list; errorMessage is a system error. From a
 * session proved long ago, Confirm It Is You comes first and brings the person back to this page.
 */
confirmRemovePolicyPage.post('/', async (c) => {
  const form = await submittedForm(c, removePolicySchema)
  if (!form.ok) return c.redirect(pathOf('ManagePolicies'), 303)
  const session = profileSession(c)
  if (stepUpRequired(session)) return c.redirect(confirmPath('remove-policy', form.data.policyId), 303)
  const result = await removePolicyFromProfile(c.env, session, form.data.policyId, clientMeta(c))
  if (!result.ok) {
    await setFlash(c, { text: result.errorMessage, isError: true })
    return c.redirect(pathOf('SystemMessage'), 303)
  }
  adoptSession(c, result.session, result.token)
  return c.redirect(pathOf('ManagePolicies'), 303)
})
