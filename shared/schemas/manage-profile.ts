import { z } from 'zod'
import { PROFILE_MSG } from './profile-messages'
import { confirmPassword, email, newPassword, userName } from './profile-fields'

/** Your Profile (spec 000 section 5 "Manage Profile"): user name and email. */
export const profileSchema = z.object({
  userName: userName(PROFILE_MSG.profileUserNameRequired),
  emailAddress: email(PROFILE_MSG.profileEmailRequired, PROFILE_MSG.profileEmailInvalid),
})
export type ProfileInput = z.infer<typeof profileSchema>
export const PROFILE_FIELD_ORDER = ['userName', 'emailAddress'] as const

/** `PUT /v1/profile`: {UserName, EmailAddress, ProfileId}, the same rules and messages. */
export const profileApiSchema = z.object({
  UserName: profileSchema.shape.userName,
  EmailAddress: profileSchema.shape.emailAddress,
  ProfileId: z.string().min(1),
})

/**
 * The Update Password form. Its fields exist (and so are required) only while the form is open: it is
 * its own form, posted only from the opened toggle. Maximum 35, must match, and the complexity rule.
 */
export const passwordUpdateSchema = z
  .object({
    password: newPassword(PROFILE_MSG.profilePasswordRequired, true),
    passwordConfirm: confirmPassword(PROFILE_MSG.profileConfirmRequired).max(35, { error: PROFILE_MSG.maxLength(35) }),
  })
  .superRefine((v, ctx) => {
    if (typeof v.password === 'string' && typeof v.passwordConfirm === 'string' && v.passwordConfirm && v.password !== v.passwordConfirm) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: PROFILE_MSG.profilePasswordsMismatch })
    }
  })
export const PASSWORD_FIELD_ORDER = ['password', 'passwordConfirm'] as const

/** `PUT /v1/profile/password`: {Password, ProfileId}. */
export const passwordUpdateApiSchema = z.object({
  Password: newPassword(PROFILE_MSG.profilePasswordRequired, true),
  ProfileId: z.string().min(1),
})
