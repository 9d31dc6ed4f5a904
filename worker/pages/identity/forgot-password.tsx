import { pathOf } from '../../../shared/routes'
import { forgotPasswordSchema, FORGOT_FIELD_ORDER } from '../../../shared/identity/schemas/password-reset'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { PROFILE_MSG } from '../../../shared/identity/schemas/profile-messages'
import { MSG } from '../../../shared/forms/messages'
import { renderPage } from '../../render/render-page'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { submittedForm } from '../../render/form-page'
import { pageIpBurst } from '../../middleware/page-refusals'
import { clientMeta } from '../../services/request/client-meta'
import { requestPasswordReset } from '../../services/identity/password-reset'
import { background } from '../../lib/background'
import { Said, StatusMessage } from './parts'
import { useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { passwordTexts } from './texts/sign-in'
import { definePage } from '../page'

type Outcome = 'none' | 'sent' | 'issue'

/** Forgot Password (spec 000 section 2): email address, Back (to Login), Continue. */
function ForgotPasswordView({ value, errors, outcome }: { value: string; errors: FieldErrors; outcome: Outcome }) {
  const first = firstErrorOf(errors, FORGOT_FIELD_ORDER)
  const t = useTexts(passwordTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">{t.forgotHeading}</h1>
      {outcome === 'sent' && <StatusMessage>{PROFILE_MSG.forgotPasswordSent}</StatusMessage>}
      {outcome === 'issue' && (
        <div className="alert alert--error" role="alert">
          <p className="profile-alert__text">
            <Said message={MSG.issue502} />
          </p>
          <a className="btn btn--primary" href={pathOf('Login')}>
            {common.returnToLogin}
          </a>
        </div>
      )}
      <p>{t.forgotIntro}</p>
      <ErrorSummary errors={errors} order={FORGOT_FIELD_ORDER} />
      <form method="post" action={pathOf('ForgotPassword')} noValidate>
        <Field
          name="email"
          label={common.emailAddress}
          type="email"
          errors={errors}
          firstError={first}
          defaultValue={value}
          autoComplete="email"
          maxLength={254}
          required
        />
        <div className="actions">
          <a className="btn btn--secondary" href={pathOf('Login')}>
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

export const forgotPasswordPage = definePage('ForgotPassword')

forgotPasswordPage.get('/', (c) => renderPage(c, <ForgotPasswordView value="" errors={{}} outcome="none" />))

/** Continue: the same message whether or not the address has a profile; only the 502 case differs. */
forgotPasswordPage.post('/', pageIpBurst, async (c) => {
  const form = await submittedForm(c, forgotPasswordSchema)
  if (!form.ok) {
    return renderPage(c, <ForgotPasswordView value={form.typed.email ?? ''} errors={form.errors} outcome="none" />, { status: 400 })
  }
  const result = await requestPasswordReset(c.env, form.data.email, clientMeta(c), background(c))
  if (!result.ok) return renderPage(c, <ForgotPasswordView value={form.typed.email ?? ''} errors={{}} outcome="issue" />, { status: 502 })
  return renderPage(c, <ForgotPasswordView value="" errors={{}} outcome="sent" />)
})
