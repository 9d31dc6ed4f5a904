import { pathOf } from '../../../shared/routes'
import { registerSchema, REGISTER_FIELD_ORDER } from '../../../shared/identity/schemas/register'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { isPolicyNumberFormat, normalizePolicyNumber } from '../../../shared/policy/policy-number'
import { renderPage } from '../../render/render-page'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { formWork, STORE_FAILED, STORE_FAILED_STATUS, submittedForm } from '../../render/form-page'
import { MSG } from '../../../shared/forms/messages'
import { pageIpBurst, pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { clientMeta } from '../../services/request/client-meta'
import { registerProfile } from '../../services/identity/registration'
import { endSession } from '../../services/identity/session'
import { writeSessionCookie } from '../../services/identity/session-cookie'
import { FormAlert, NewPasswordFields, StartAtFindPolicy } from './parts'
import { useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { partsTexts } from './texts/parts'
import { linkingTexts } from './texts/profile'
import { IdentityFields } from './identity-fields'
import { definePage } from '../page'

function RegisterView({
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
  const first = firstErrorOf(errors, REGISTER_FIELD_ORDER)
  const t = useTexts(linkingTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="register-heading">
      <h1 id="register-heading">{t.registerHeading}</h1>
      <FormAlert message={message} focus={!first} />
      <ErrorSummary errors={errors} order={REGISTER_FIELD_ORDER} />
      <form method="post" action={pathOf('RegisterPolicy')} noValidate>
        <IdentityFields policyId={policyId} values={values} errors={errors} first={first} />
        <fieldset className="profile-fieldset">
          <legend>{t.createProfile}</legend>
          <Field
            name="userName"
            label={common.userName}
            errors={errors}
            firstError={first}
            defaultValue={values.userName ?? ''}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={50}
            required
          />
          <Field
            name="emailAddress"
            label={common.emailAddress}
            type="email"
            errors={errors}
            firstError={first}
            defaultValue={values.emailAddress ?? ''}
            autoComplete="email"
            maxLength={254}
            required
          />
          <NewPasswordFields errors={errors} firstError={first} />
        </fieldset>
        <div className="actions">
          <a className="btn btn--secondary" href={pathOf('FindPolicy')}>
            {common.back}
          </a>
          <button type="submit" className="btn btn--primary">
            {t.saveProfile}
          </button>
        </div>
      </form>
    </section>
  )
}

export const registerPolicyPage = definePage('RegisterPolicy')

/** Reached from Find My Policy with the policy number; without one, the page points there. */
registerPolicyPage.get('/', (c) => {
  const policyId = normalizePolicyNumber(c.req.query('policyId') ?? '')
  if (!isPolicyNumberFormat(policyId)) return renderPage(c, <StartAtFindPolicy heading={linkingTexts[requestLocale(c)].registerHeading} />)
  return renderPage(c, <RegisterView policyId={policyId} values={{}} errors={{}} message={null} />)
})

/** Save Profile: registration; success signs the new profile in and goes to Account Home. */
registerPolicyPage.post('/', pageIpBurst, pageRateLimit(RATE_RULES.register), async (c) => {
  const form = await submittedForm(c, registerSchema)
  const policyId = normalizePolicyNumber(form.typed.policyID ?? '')
  if (!isPolicyNumberFormat(policyId)) return c.redirect(pathOf('FindPolicy'), 303)
  const view = (errors: FieldErrors, message: string | null, status: 200 | 400 | 503) =>
    renderPage(c, <RegisterView policyId={policyId} values={form.typed} errors={errors} message={message} />, { status })
  if (!form.ok) return view(form.errors, null, 400)
  const data = form.data
  const result = await formWork(c, 'registration', () => registerProfile(c.env, data, clientMeta(c)))
  if (result === STORE_FAILED) return view({}, MSG.storeUnavailable, STORE_FAILED_STATUS)
  if (!result.ok) return view({}, result.errorMessage, 200)
  const previous = c.get('session')
  if (previous) await endSession(c.env, previous.id)
  writeSessionCookie(c, result.token.accountToken)
  return c.redirect(pathOf('AccountHome'), 303)
})
