import type { ReactNode } from 'react'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { loadProfileView, type ProfileView } from '../../services/identity/profile'
import { isProfileSession } from '../../services/identity/session'
import { PASSWORD_MAX } from '../../../shared/identity/password-rule'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { Field } from '../../render/form'
import { Confirmation } from '../../render/confirmation'

/** Pieces the profile screens share. */

/** The errorMessage of a business failure, above the form; it takes focus when no field is in error. */
export function FormAlert({ message, focus }: { message: string | null; focus: boolean }) {
  if (!message) return null
  return (
    <div className="alert alert--error" role="alert" tabIndex={-1} autoFocus={focus ? true : undefined}>
      {message}
    </div>
  )
}

export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <Confirmation tone="alert profile-alert--ok" block>
      {children}
    </Confirmation>
  )
}

export const LAST_NAME_HELP = 'Enter the last name of the first named insured exactly as it appears on your policy declarations page.'
const PASSWORD_HELP =
  'Use 7 to 35 characters, with at least one uppercase letter, one lowercase letter, and one number or special character (for example ! # $ or @).'

/** Register or Add reached without a policy number (e.g. a bookmark): both start at Find My Policy. */
export function StartAtFindPolicy({ heading }: { heading: string }) {
  return (
    <section className="card narrow" aria-labelledby="start-heading">
      <h1 id="start-heading">{heading}</h1>
      <p>Start by finding your policy: enter its policy number on Find My Policy.</p>
      <a className="btn btn--primary" href="/find-policy">
        Find My Policy
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
  return (
    <>
      <Field
        name="password"
        label="Password *"
        type="password"
        errors={errors}
        firstError={firstError}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        help={{ label: 'Help: Password', text: PASSWORD_HELP }}
      />
      <Field
        name="passwordConfirm"
        label="Confirm Password *"
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
