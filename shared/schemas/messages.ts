/** Validation messages of spec 000 section 5, verbatim. */
export const MSG = {
  required: 'Value is required',
  min7: 'This field should be at least 7 characters long',
  max35: 'The maximum length allowed is 35',
  loginFailed: 'Login Failed.',
  /** The generic Error page (spec 000 section 8). */
  unexpectedError: 'An unexpected error occurred.',
  issue502: 'There appears to have been an issue. Please return to the Login page.',
} as const
