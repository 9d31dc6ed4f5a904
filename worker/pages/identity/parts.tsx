import type { ReactNode } from 'react'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { loadProfileView, type ProfileView } from '../../services/identity/profile'
import { isProfileSession } from '../../services/identity/session'
import { PASSWORD_MAX } from '../../../shared/identity/password-rule'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { Field } from '../../render/form'
import { Confirmation } from '../../render/confirmation'
import { useLocale, useTexts } from '../../render/locale'
import { messageIn } from '../../../shared/i18n/messages'
import { partsTexts } from './texts/parts'

/** Pieces the profile screens share. */

/** The errorMessage of a business failure, above the form; it takes focus when no field is in error. */
export function FormAlert({ message, focus }: { message: string | null; focus: boolean }) {
  const locale = useLocale()
  if (!message) return null
  return (
    <div className="alert alert--error" role="alert" tabIndex={-1} autoFocus={focus ? true : undefined}>
      {messageIn(locale, message)}
    </div>
  )
}

/** A service's message (English, as the /v1 API answers it) in the page's language. */
export function Said({ message }: { message: string }) {
  return <>{messageIn(useLocale(), message)}</>
}

export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <Confirmation tone="alert profile-alert--ok" block>
      {typeof children === 'string' ? <Said message={children} /> : children}
    </Confirmation>
  )
}

/** Register or Add reached without a policy number (e.g. a bookmark): both start at Find My Policy. */
export function StartAtFindPolicy({ heading }: { heading: string }) {
  const t = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="start-heading">
      <h1 id="start-heading">{heading}</h1>
      <p>{t.startAtFind}</p>
      <a className="btn btn--primary" href="/find-policy">
        {t.findMyPolicy}
      </a>
    </section>
  )
}

/** The signed-in profile of a direct-login session, or null. */
export async function currentProfile(c: Context<AppEnv>): Promise<ProfileView | null> {
  const session = c.get('session')
  if (!isProfileSession(session)) return null
  return loadProfileView(c.env, session.profileId)
}

/** New password and its confirmation, as Register, Reset Password and Your Profile all ask for them. */
export function NewPasswordFields({ errors, firstError }: { errors: FieldErrors; firstError: string | undefined }) {
  const t = useTexts(partsTexts)
  return (
    <>
      <Field
        name="password"
        label={t.password}
        type="password"
        errors={errors}
        firstError={firstError}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        help={{ label: t.passwordHelpLabel, text: t.passwordHelp }}
      />
      <Field
        name="passwordConfirm"
        label={t.confirmPassword}
        type="password"
        errors={errors}
        firstError={firstError}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
      />
    </>
  )
}
