import { z } from 'zod'
import { PROFILE_MSG } from './profile-messages'
import { isSameAs } from '../../forms/general-validators'
import { confirmPassword, currentPassword, email, newPassword, userName } from './profile-fields'

/**
 * Your Profile (spec 000 section 5 "Manage Profile"): user name and email, plus the current password,
 * which the server asks for only when the email address changes (decision 130). Its field has a name of
 * its own because the Update Password form on the same page has a current-password field too.
 */
export const profileSchema = z.object({
  userName: userName(PROFILE_MSG.profileUserNameRequired),
  emailAddress: email(PROFILE_MSG.profileEmailRequired, PROFILE_MSG.profileEmailInvalid),
  currentPasswordForEmail: currentPassword(false),
})
export const PROFILE_FIELD_ORDER = ['userName', 'emailAddress', 'currentPasswordForEmail'] as const

/**
 * `PUT /v1/profile`: the spec's {UserName, EmailAddress, ProfileId} with the same rules and messages,
 * plus CurrentPassword (ours, decision 130), needed when EmailAddress changes.
 */
export const profileApiSchema = z.object({
  UserName: profileSchema.shape.userName,
  EmailAddress: profileSchema.shape.emailAddress,
  ProfileId: z.string().min(1),
  CurrentPassword: currentPassword(false),
})

/**
 * The Update Password form: the current password (decision 130), then the new one. Its fields exist (and so are required) only while the form is open: it is
 * its own form, posted only from the opened toggle. Maximum 35, must match, and the complexity rule.
 */
export const passwordUpdateSchema = z
  .object({
    currentPassword: currentPassword(true),
    password: newPassword(PROFILE_MSG.profilePasswordRequired, true),
    passwordConfirm: confirmPassword(PROFILE_MSG.profileConfirmRequired).max(35, { error: PROFILE_MSG.maxLength(35) }),
  })
  .superRefine((v, ctx) => {
    if (typeof v.password === 'string' && typeof v.passwordConfirm === 'string' && v.passwordConfirm && !isSameAs(v.passwordConfirm, v.password)) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: PROFILE_MSG.profilePasswordsMismatch })
    }
  })
export const PASSWORD_FIELD_ORDER = ['currentPassword', 'password', 'passwordConfirm'] as const

/** `PUT /v1/profile/password`: the spec's {Password, ProfileId} plus CurrentPassword (ours, decision 130). */
export const passwordUpdateApiSchema = z.object({
  Password: newPassword(PROFILE_MSG.profilePasswordRequired, true),
  ProfileId: z.string().min(1),
  CurrentPassword: currentPassword(true),
})
