import { z } from 'zod'
import { isSameAs } from './general-validators'
import { PROFILE_MSG } from './profile-messages'
import { confirmPassword, email, newPassword } from './profile-fields'

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
