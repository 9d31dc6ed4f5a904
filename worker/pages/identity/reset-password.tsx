import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { recoveryIdentitySchema, RECOVERY_FIELD_ORDER, resetPasswordSchema, RESET_FIELD_ORDER } from '../../../shared/identity/schemas/password-reset'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { LINKING_MSG } from '../../../shared/identity/schemas/profile-messages'
import { renderPage } from '../../render/render-page'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { formWork, STORE_FAILED, STORE_FAILED_STATUS, submittedForm } from '../../render/form-page'
import { MSG } from '../../../shared/forms/messages'
import { pageIpBurst } from '../../middleware/page-refusals'
import { clientMeta } from '../../services/request/client-meta'
import { completePasswordReset, liveResetProfile, RESET_TTL_MS } from '../../services/identity/password-reset'
import { background } from '../../lib/background'
import { FormAlert, NewPasswordFields, Said, StatusMessage } from './parts'
import { useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { passwordTexts } from './texts/sign-in'
import { LastNameField } from './identity-fields'
import { checkRecoveryIdentity, recoveryNeedsIdentity } from '../../services/identity/recovery'
import { definePage } from '../page'

/** The identity check of recovery: any of the profile's policies, so the policy number is typed. */
function RecoveryFields({ values, errors, first }: { values: Record<string, string>; errors: FieldErrors; first: string | undefined }) {
  const t = useTexts(passwordTexts)
  const common = useTexts(partsTexts)
  return (
    <fieldset className="profile-fieldset">
      <legend>{t.recoveryLegend}</legend>
      <p>{t.recoveryIntro}</p>
      <Field
        name="policyID"
        label={common.policyNumberRequired}
        errors={errors}
        firstError={first}
        defaultValue={values.policyID ?? ''}
        autoCapitalize="characters"
        maxLength={20}
        required
      />
      <LastNameField values={values} errors={errors} first={first} />
      <Field
        name="birthDate"
        label={common.birthDate}
        type="date"
        errors={errors}
        firstError={first}
        defaultValue={/^\d{4}-\d{2}-\d{2}$/.test(values.birthDate ?? '') ? values.birthDate : ''}
        autoComplete="bday"
        hint={common.birthDateHintExempt}
      />
    </fieldset>
  )
}

/**
 * Choose a New Password: the page the reset email links to. The link's token is moved at once into a
 * short-lived HttpOnly cookie scoped to this path, and the address bar loses it (no token in history,
 * bookmarks or a later Referer). Opening the link does not use it up; saving a new password does.
 */
const RESET_COOKIE = 'ph_reset'
const cookieOptions = { path: pathOf('ResetPassword'), httpOnly: true, secure: true, sameSite: 'Lax' as const }

type State =
  | { kind: 'form'; errors: FieldErrors; message?: string; identity: boolean; values?: Record<string, string> }
  | { kind: 'invalid' }
  | { kind: 'done' }

function ResetPasswordView({ state }: { state: State }) {
  const t = useTexts(passwordTexts)
  const common = useTexts(partsTexts)
  if (state.kind === 'done') {
    return (
      <section className="card narrow" aria-labelledby="reset-heading">
        <h1 id="reset-heading">{t.resetHeading}</h1>
        <StatusMessage>{LINKING_MSG.passwordReset}</StatusMessage>
        <p>{t.whatChanged}</p>
        <a className="btn btn--primary" href={pathOf('Login')}>
          {common.logIn}
        </a>
      </section>
    )
  }
  if (state.kind === 'invalid') {
    return (
      <section className="card narrow" aria-labelledby="reset-heading">
        <h1 id="reset-heading">{t.resetHeading}</h1>
        <div className="alert alert--error" role="alert">
          <Said message={LINKING_MSG.resetLinkInvalid} />
        </div>
        <div className="actions">
          <a className="btn btn--primary" href={pathOf('ForgotPassword')}>
            {t.requestNewLink}
          </a>
          <a className="btn btn--secondary" href={pathOf('Login')}>
            {common.returnToLogin}
          </a>
        </div>
      </section>
    )
  }
  const order = [...(state.identity ? RECOVERY_FIELD_ORDER : []), ...RESET_FIELD_ORDER]
  const first = firstErrorOf(state.errors, order)
  return (
    <section className="card narrow" aria-labelledby="reset-heading">
      <h1 id="reset-heading">{t.resetHeading}</h1>
      <p>{t.resetIntro}</p>
      <FormAlert message={state.message ?? null} focus={!first} />
      <ErrorSummary errors={state.errors} order={order} />
      <form method="post" action={pathOf('ResetPassword')} noValidate>
        {state.identity && <RecoveryFields values={state.values ?? {}} errors={state.errors} first={first} />}
        <NewPasswordFields errors={state.errors} firstError={first} />
        <div className="actions">
          <button type="submit" className="btn btn--primary">
            {t.savePassword}
          </button>
        </div>
      </form>
    </section>
  )
}

function show(c: Context<AppEnv>, state: State, status: 200 | 400 | 503 = 200) {
  return renderPage(c, <ResetPasswordView state={state} />, { status })
}

export const resetPasswordPage = definePage('ResetPassword')

resetPasswordPage.get('/', async (c) => {
  const fromLink = c.req.query('token')
  if (fromLink !== undefined) {
    if (!(await liveResetProfile(c.env, fromLink))) return show(c, { kind: 'invalid' }, 400)
    setCookie(c, RESET_COOKIE, fromLink, { ...cookieOptions, maxAge: RESET_TTL_MS / 1000 })
    return c.redirect(pathOf('ResetPassword'), 303)
  }
  if (c.req.query('done') === '1') return show(c, { kind: 'done' })
  const token = getCookie(c, RESET_COOKIE)
  const profileId = token ? await liveResetProfile(c.env, token) : null
  if (!profileId) return show(c, { kind: 'invalid' }, 400)
  return show(c, { kind: 'form', errors: {}, identity: await recoveryNeedsIdentity(c.env, profileId) })
})

resetPasswordPage.post('/', pageIpBurst, async (c) => {
  const form = await submittedForm(c, resetPasswordSchema)
  const token = getCookie(c, RESET_COOKIE) ?? ''
  const profileId = await liveResetProfile(c.env, token)
  if (!profileId) return show(c, { kind: 'invalid' }, 400)
  const identity = await recoveryNeedsIdentity(c.env, profileId)
  const who = identity ? await submittedForm(c, recoveryIdentitySchema) : null
  const values = who?.typed
  if (!form.ok || (who && !who.ok)) {
    const errors = { ...(who && !who.ok ? who.errors : {}), ...(form.ok ? {} : form.errors) }
    return show(c, { kind: 'form', errors, identity, values }, 400)
  }
  if (who?.ok) {
    const checked = await checkRecoveryIdentity(c.env, profileId, who.data, clientMeta(c))
    if (!checked.ok) return show(c, { kind: 'form', errors: {}, message: checked.errorMessage, identity, values }, 400)
  }
  const password = form.data.password
  const ok = await formWork(c, 'password reset', () => completePasswordReset(c.env, token, password, clientMeta(c), background(c)))
  // The link is not used up by a failed save (one batch): the same form may be sent again.
  if (ok === STORE_FAILED) return show(c, { kind: 'form', errors: {}, message: MSG.storeUnavailable, identity, values }, STORE_FAILED_STATUS)
  deleteCookie(c, RESET_COOKIE, cookieOptions)
  if (!ok) return show(c, { kind: 'invalid' }, 400)
  return c.redirect(`${pathOf('ResetPassword')}?done=1`, 303)
})
