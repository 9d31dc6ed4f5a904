import { z } from 'zod'
import { isSameAs } from '../../forms/general-validators'
import { PROFILE_MSG } from './profile-messages'
import { birthDateText, checkBirthDate, confirmPassword, email, lastName, newPassword, normalizedBirthDate, policyNumber, userName } from './profile-fields'

/**
 * Register My Policy (spec 000 section 5 "Register, profile block" and "Register and Add policy").
 * Field names are those of `POST /v1/profile` (spec 000 section 7); the page form adds passwordConfirm.
 */
const fields = {
  policyID: policyNumber(),
  lastName,
  birthDate: birthDateText,
  userName: userName(PROFILE_MSG.userNameRequired),
  emailAddress: email(PROFILE_MSG.emailRequired, PROFILE_MSG.emailInvalid),
  password: newPassword(PROFILE_MSG.passwordRequired),
}

/** The page form: the API's fields plus the confirmation. */
export const registerSchema = z
  .object({ ...fields, passwordConfirm: confirmPassword(PROFILE_MSG.confirmRequired) })
  .superRefine((v, ctx) => {
    checkBirthDate(v, ctx, 'policyID')
    if (typeof v.password === 'string' && typeof v.passwordConfirm === 'string' && v.passwordConfirm && !isSameAs(v.passwordConfirm, v.password)) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: PROFILE_MSG.passwordsMustMatch })
    }
  })
  .transform(({ passwordConfirm: _confirm, ...v }) => ({ ...v, birthDate: normalizedBirthDate(v.birthDate) }))

/** `POST /v1/profile`: {userName, emailAddress, password, policyID, lastName, birthDate}. */
export const registerApiSchema = z
  .object(fields)
  .superRefine((v, ctx) => checkBirthDate(v, ctx, 'policyID'))
  .transform((v) => ({ ...v, birthDate: normalizedBirthDate(v.birthDate) }))

export type RegisterInput = z.infer<typeof registerApiSchema>
export const REGISTER_FIELD_ORDER = ['lastName', 'birthDate', 'userName', 'emailAddress', 'password', 'passwordConfirm'] as const
