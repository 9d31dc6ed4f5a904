import { z } from 'zod'
import { isSameAs } from '../../forms/general-validators'
import { PROFILE_MSG } from './profile-messages'
import { birthDateText, checkBirthDate, confirmPassword, email, lastName, newPassword, normalizedBirthDate, policyNumber } from './profile-fields'

/** Forgot Password (spec 000 section 5): 'Email address is required.', 'Email Address Invalid.' */
export const forgotPasswordSchema = z.object({
  email: email(PROFILE_MSG.forgotEmailRequired, PROFILE_MSG.forgotEmailInvalid),
})
export const FORGOT_FIELD_ORDER = ['email'] as const

/** `POST /v1/profile/password`: {Email}. */
export const forgotPasswordApiSchema = z.object({ Email: forgotPasswordSchema.shape.email })

/** Choose a New Password (the page the reset email links to): the registration messages and rule. */
export const resetPasswordSchema = z
  .object({
    password: newPassword(PROFILE_MSG.passwordRequired),
    passwordConfirm: confirmPassword(PROFILE_MSG.confirmRequired),
  })
  .superRefine((v, ctx) => {
    if (typeof v.password === 'string' && typeof v.passwordConfirm === 'string' && v.passwordConfirm && !isSameAs(v.passwordConfirm, v.password)) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: PROFILE_MSG.passwordsMustMatch })
    }
  })
export const RESET_FIELD_ORDER = ['password', 'passwordConfirm'] as const

/**
 * Recovery (decision 181): for a profile with 2-step sign-in or a passkey, Choose a New Password also asks
 * for the identity check of registration, on one of the profile's policies.
 */
export const recoveryIdentitySchema = z
  .object({ policyID: policyNumber(), lastName, birthDate: birthDateText })
  .superRefine((v, ctx) => checkBirthDate(v, ctx, 'policyID'))
  .transform((v) => ({ ...v, birthDate: normalizedBirthDate(v.birthDate) }))
export const RECOVERY_FIELD_ORDER = ['policyID', 'lastName', 'birthDate'] as const
