import { pathOf } from '../../../shared/routes'
import { addPolicySchema, ADD_POLICY_FIELD_ORDER } from '../../../shared/identity/schemas/add-policy'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { isPolicyNumberFormat, normalizePolicyNumber } from '../../../shared/policy/policy-number'
import { renderPage } from '../../render/render-page'
import { ErrorSummary, firstErrorOf } from '../../render/form'
import { formWork, STORE_FAILED, STORE_FAILED_STATUS, submittedForm } from '../../render/form-page'
import { MSG } from '../../../shared/forms/messages'
import { pageAccountBurst } from '../../middleware/page-refusals'
import { clientMeta } from '../../services/request/client-meta'
import { addPolicyToProfile } from '../../services/identity/policy-linking'
import { adoptSession } from '../../services/identity/session-rotation'
import { currentProfile, FormAlert, StartAtFindPolicy } from './parts'
import { useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { partsTexts } from './texts/parts'
import { linkingTexts } from './texts/profile'
import { IdentityFields } from './identity-fields'
import { profileSession } from '../../middleware/guards'
import { definePage } from '../page'

function AddPolicyView({
  policyId,
  values,
  errors,
  message,
}: {
  policyId: string
  values: Record<string, string>
  errors: FieldErrors
  message: string | null
}) {
  const first = firstErrorOf(errors, ADD_POLICY_FIELD_ORDER)
  const t = useTexts(linkingTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="add-heading">
      <h1 id="add-heading">{t.addHeading}</h1>
      <FormAlert message={message} focus={!first} />
      <ErrorSummary errors={errors} order={ADD_POLICY_FIELD_ORDER} />
      <form method="post" action={pathOf('AddPolicy')} noValidate>
        <IdentityFields policyId={policyId} values={values} errors={errors} first={first} />
        <div className="actions">
          <a className="btn btn--secondary" href={pathOf('FindPolicy')}>
            {common.back}
          </a>
          <button type="submit" className="btn btn--primary">
            {common.continue}
          </button>
        </div>
      </form>
    </section>
  )
}

export const addPolicyPage = definePage('AddPolicy')

addPolicyPage.get('/', async (c) => {
  const policyId = normalizePolicyNumber(c.req.query('policyId') ?? '')
  const profile = await currentProfile(c)
  if (!isPolicyNumberFormat(policyId)) {
    return renderPage(c, <StartAtFindPolicy heading={linkingTexts[requestLocale(c)].addHeading} />, { sendToProgressive: profile?.sendToProgressive ?? false })
  }
  return renderPage(c, <AddPolicyView policyId={policyId} values={{}} errors={{}} message={null} />, {
    sendToProgressive: profile?.sendToProgressive ?? false,
  })
})

/** Continue: the identity check and the link; success goes to Account Home with a rotated session. */
addPolicyPage.post('/', pageAccountBurst, async (c) => {
  const form = await submittedForm(c, addPolicySchema)
  const policyId = normalizePolicyNumber(form.typed.policyID ?? '')
  if (!isPolicyNumberFormat(policyId)) return c.redirect(pathOf('FindPolicy'), 303)
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Login'), 303)
  const view = (errors: FieldErrors, message: string | null, status: 200 | 400 | 503) =>
    renderPage(c, <AddPolicyView policyId={policyId} values={form.typed} errors={errors} message={message} />, {
      status,
      sendToProgressive: profile.sendToProgressive,
    })
  if (!form.ok) return view(form.errors, null, 400)
  const data = form.data
  const result = await formWork(c, 'add policy', () => addPolicyToProfile(c.env, profileSession(c), data, clientMeta(c)))
  if (result === STORE_FAILED) return view({}, MSG.storeUnavailable, STORE_FAILED_STATUS)
  if (!result.ok) return view({}, result.errorMessage, 200)
  adoptSession(c, result.session, result.token)
  return c.redirect(pathOf('AccountHome'), 303)
})
