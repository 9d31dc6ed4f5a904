import { GENERAL_MSG } from '../../forms/general-validators'

/**
 * The texts of spec 000 sections 5 and 8 for the profile screens, verbatim. Messages the spec leaves to
 * the server (errorMessage of registration, add policy, verification) are below them, marked as ours.
 */
export const PROFILE_MSG = {
  // Find policy
  policyNumberRequired: 'Policy number field is required.',
  // Register and Add policy
  lastNameRequired: 'The Last Name field is required.',
  futureDate: 'A future date cannot be entered.',
  invalidDate: 'The Date of Birth is not a valid date.',
  // Register, profile block
  userNameRequired: 'The User Name field is required.',
  emailRequired: 'The Email Address field is required.',
  emailInvalid: 'The Email Address field is invalid.',
  passwordRequired: 'The Password field is required.',
  confirmRequired: 'The Confirm Password field is required.',
  passwordsMustMatch: 'The Password fields must match.',
  // Password complexity (profile and registration)
  passwordRule:
    'Password requires between 7 and 35 characters, at least one uppercase, at least one lowercase, and at least one number or one special character.',
  // Manage Profile
  profileUserNameRequired: 'User Name Required.',
  profileEmailRequired: 'Email Address Required',
  profileEmailInvalid: 'Email Address Invalid',
  profilePasswordRequired: 'The Password field is required',
  profileConfirmRequired: 'The Confirm Password field is required',
  profilePasswordsMismatch: 'Password and Confirmation password do not match',
  passwordUpdateFailed: 'Password update failed. Please try again.',
  // Forgot password
  forgotEmailRequired: 'Email address is required.',
  forgotEmailInvalid: 'Email Address Invalid.',
  forgotPasswordSent:
    'If the information entered matches a valid account, an email with instructions to reset the password will be sent to the email address associated with this account.',
  // General validators (section 5): maximum length
  maxLength: GENERAL_MSG.maxLength,
} as const

/**
 * Ours: the spec names these situations but not their words. Kept short and clear, and identical for
 * every cause that must not be told apart (wrong last name, wrong date of birth, unknown policy number).
 */
export const LINKING_MSG = {
  /** The spec has no message for a missing date of birth; this follows the wording of its siblings. */
  birthDateRequired: 'The Date of Birth field is required.',
  policyNumberFormat: 'Please enter the policy number as its three-letter prefix followed by digits, with no spaces (for example FLA12345).',
  noMatch: 'We could not verify this policy with the information entered. Please check the policy number, last name and date of birth and try again.',
  locked: 'This policy number is temporarily locked after too many unsuccessful attempts. Please try again in an hour, or call us for help.',
  alreadyOnThisProfile: 'This policy is already on your profile.',
  linkedElsewhere: 'This policy is already registered to another profile. Log in to that profile, or use Forgot your password? to recover it.',
  userNameTaken: 'That user name is already in use. Please choose another.',
  emailTaken: 'That email address is already in use by another profile.',
  lastPolicy: 'Your profile must keep at least one policy, so this policy cannot be removed.',
  notOnProfile: 'This policy is not on your profile.',
  profileSaved: 'Your profile has been updated.',
  profileUpdateFailed: 'Profile update failed. Please try again.',
  resetLinkInvalid: 'This password reset link has expired or has already been used. Please request a new one.',
  passwordReset: 'Your password has been changed. Please log in with your new password.',
} as const

/** Ours (decision 123): a password the complexity rule accepts but that is on the common-password list. */
export const COMMON_PASSWORD_MSG =
  'This password is too common: it appears in lists of leaked passwords and is easy to guess. Please choose a password that is harder to guess.'

/**
 * Ours (decision 130, ASVS 2.1.6): changing the password or the email address asks for the current
 * password. A wrong one counts toward the account's login lockout (decision 121).
 */
export const CURRENT_PASSWORD_MSG = {
  required: 'The Current Password field is required',
  requiredForEmail: 'Please enter your current password to change your email address.',
  wrong: 'The current password is not correct. Please try again.',
  locked: 'There have been too many unsuccessful attempts. Please try again in 15 minutes, or log out and use Forgot your password? to reset your password.',
} as const
