import { pathOf } from '../../../shared/routes'
import { profileSchema, passwordUpdateSchema, PROFILE_FIELD_ORDER, PASSWORD_FIELD_ORDER } from '../../../shared/identity/schemas/manage-profile'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { LINKING_MSG, PROFILE_MSG } from '../../../shared/identity/schemas/profile-messages'
import { renderPage } from '../../render/render-page'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { readForm } from '../../services/request/read-form'
import { formWork, STORE_FAILED, STORE_FAILED_STATUS, submittedForm } from '../../render/form-page'
import { pageAccountBurst, pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { clientMeta } from '../../services/request/client-meta'
import { changePassword, updateProfile } from '../../services/identity/profile-edit'
import { adoptSession } from '../../services/identity/session-rotation'
import { background } from '../../lib/background'
import type { ProfileView } from '../../services/identity/profile'
import { profileSession } from '../../middleware/guards'
import { currentProfile, FormAlert, NewPasswordFields, StatusMessage } from './parts'
import { useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { profileTexts } from './texts/profile'
import { profileChangeNeedsStepUp, stepUpRequired } from '../../services/identity/step-up-rule'
import { confirmPath } from './step-up-target'
import { definePage } from '../page'

interface ProfileState {
  values: { userName: string; emailAddress: string }
  errors: FieldErrors
  message: string | null
  saved: boolean
}

interface PasswordState {
  open: boolean
  errors: FieldErrors
  failed: boolean
}

/**
 * Your Profile (spec 000 section 2 "Manage Profile"). Changing the email address or the password is
 * confirmed with the current password (ASVS 2.1.6, decision 130). 'Update Password' is a <details> toggle: it opens
 * and closes without script, and its form is a form of its own, so the password fields are only ever
 * submitted (and required) while it is open.
 */
function ManageProfileView({ profile, password }: { profile: ProfileState; password: PasswordState }) {
  const firstProfile = firstErrorOf(profile.errors, PROFILE_FIELD_ORDER)
  const firstPassword = firstErrorOf(password.errors, PASSWORD_FIELD_ORDER)
  const t = useTexts(profileTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="profile-heading">
      <h1 id="profile-heading">{t.heading}</h1>
      <p>{t.intro}</p>
      {profile.saved && <StatusMessage>{LINKING_MSG.profileSaved}</StatusMessage>}
      <FormAlert message={profile.message} focus={!firstProfile} />
      <ErrorSummary errors={profile.errors} order={PROFILE_FIELD_ORDER} id="profile-errors" />
      <form method="post" action={pathOf('ManageProfile')} noValidate>
        <input type="hidden" name="intent" value="profile" />
        <Field
          name="userName"
          label={common.userName}
          errors={profile.errors}
          firstError={firstProfile}
          defaultValue={profile.values.userName}
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
          errors={profile.errors}
          firstError={firstProfile}
          defaultValue={profile.values.emailAddress}
          autoComplete="email"
          maxLength={254}
          required
        />
        <Field
          name="currentPasswordForEmail"
          label={t.currentPassword}
          type="password"
          errors={profile.errors}
          firstError={firstProfile}
          hint={t.currentPasswordHint}
          autoComplete="current-password"
          maxLength={35}
        />
        <div className="actions">
          <a className="btn btn--secondary" href={pathOf('AccountHome')}>
            {common.back}
          </a>
          <button type="submit" className="btn btn--primary">
            {t.saveProfile}
          </button>
        </div>
      </form>
      <details className="profile-password" open={password.open}>
        <summary className="btn btn--secondary">{t.updatePassword}</summary>
        <FormAlert message={password.failed ? PROFILE_MSG.passwordUpdateFailed : null} focus={!firstPassword} />
        <ErrorSummary errors={password.errors} order={PASSWORD_FIELD_ORDER} id="password-errors" />
        <form method="post" action={pathOf('ManageProfile')} noValidate>
          <input type="hidden" name="intent" value="password" />
          <Field
            name="currentPassword"
            label={t.currentPasswordRequired}
            type="password"
            errors={password.errors}
            firstError={firstPassword}
            autoComplete="current-password"
            maxLength={35}
            required
          />
          <NewPasswordFields errors={password.errors} firstError={firstPassword} />
          <div className="actions">
            <a className="btn btn--secondary" href={pathOf('ManageProfile')}>
              {common.back}
            </a>
            <button type="submit" className="btn btn--primary">
              {t.savePassword}
            </button>
          </div>
        </form>
      </details>
      <p className="profile-more">
        <a href={pathOf('PaperlessDocuments')}>{t.paperless}</a>
        {t.paperlessAbout}
      </p>
      <p className="profile-more">
        <a href={pathOf('Notifications')}>{t.notifications}</a>
        {t.notificationsAbout}
      </p>
      <p className="profile-more">
        <a href={pathOf('PaymentMethods')}>{t.paymentMethods}</a>
        {t.paymentMethodsAbout}
      </p>
      <h2>{t.security}</h2>
      <ul className="profile-security">
        <li>
          <a href={pathOf('SignedInSessions')}>{t.sessions}</a>
        </li>
        <li>
          <a href={pathOf('TwoStepSignIn')}>{t.twoStep}</a>
        </li>
        <li>
          <a href={pathOf('Passkeys')}>{t.passkeys}</a>
        </li>
      </ul>
    </section>
  )
}

const closedPassword: PasswordState = { open: false, errors: {}, failed: false }

function fromProfile(profile: ProfileView, saved: boolean): ProfileState {
  return { values: { userName: profile.userName, emailAddress: profile.emailAddress }, errors: {}, message: null, saved }
}

export const manageProfilePage = definePage('ManageProfile')

manageProfilePage.get('/', async (c) => {
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  const password = { ...closedPassword, open: c.req.query('password') === '1' }
  return renderPage(c, <ManageProfileView profile={fromProfile(profile, c.req.query('saved') === '1')} password={password} />, {
    sendToProgressive: profile.sendToProgressive,
  })
})

manageProfilePage.post('/', pageAccountBurst, pageRateLimit(RATE_RULES.profile), async (c) => {
  // Two forms post here; the hidden intent says which one, and so which schema.
  const { intent } = await readForm(c)
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  const render = (p: ProfileState, pw: PasswordState, status: 200 | 400 | 503) =>
    renderPage(c, <ManageProfileView profile={p} password={pw} />, { status, sendToProgressive: profile.sendToProgressive })

  // Step-up (decisions 180, 202): a session proved more than 10 minutes ago confirms it is them first.
  const session = profileSession(c)
  if (intent === 'password') {
    if (stepUpRequired(session)) return c.redirect(confirmPath('password'), 303)
    const form = await submittedForm(c, passwordUpdateSchema)
    if (!form.ok) return render(fromProfile(profile, false), { open: true, errors: form.errors, failed: false }, 400)
    const result = await changePassword(c.env, profile.profileId, form.data, clientMeta(c), background(c))
    if (!result.ok && result.field)
      return render(fromProfile(profile, false), { open: true, errors: { currentPassword: result.errorMessage }, failed: false }, 200)
    if (!result.ok) return render(fromProfile(profile, false), { open: true, errors: {}, failed: true }, 200)
    adoptSession(c, result.session, result.token)
    return c.redirect(pathOf('AccountHome'), 303)
  }

  const form = await submittedForm(c, profileSchema)
  const values = { userName: form.typed.userName ?? '', emailAddress: form.typed.emailAddress ?? '' }
  if (!form.ok) return render({ values, errors: form.errors, message: null, saved: false }, closedPassword, 400)
  if (profileChangeNeedsStepUp(session, profile, form.data)) return c.redirect(confirmPath('profile'), 303)
  const change = { userName: form.data.userName, emailAddress: form.data.emailAddress, currentPassword: form.data.currentPasswordForEmail }
  const result = await formWork(c, 'profile update', () => updateProfile(c.env, profile.profileId, change, clientMeta(c), background(c)))
  if (result === STORE_FAILED)
    return render({ values, errors: {}, message: LINKING_MSG.profileUpdateFailed, saved: false }, closedPassword, STORE_FAILED_STATUS)
  if (!result.ok && result.field)
    return render({ values, errors: { currentPasswordForEmail: result.errorMessage }, message: null, saved: false }, closedPassword, 200)
  if (!result.ok) return render({ values, errors: {}, message: result.errorMessage, saved: false }, closedPassword, 200)
  return c.redirect(`${pathOf('ManageProfile')}?saved=1`, 303)
})
