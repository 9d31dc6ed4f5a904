import { GENERAL_MSG } from './general-validators'

/** Validation messages of spec 000 section 5, verbatim (the login's are the general validators'). */
export const MSG = {
  required: GENERAL_MSG.required,
  min7: GENERAL_MSG.minLength(7),
  max35: GENERAL_MSG.maxLength(35),
  loginFailed: 'Login Failed.',
  /** The generic Error page (spec 000 section 8). */
  unexpectedError: 'An unexpected error occurred.',
  issue502: 'There appears to have been an issue. Please return to the Login page.',
  /**
   * Our own storage failed on a write (D1 unreachable or refusing): the form comes back with what was
   * typed, status 503, and the /v1 call answers 503 with it (decision 144). Not a spec text.
   */
  storeUnavailable: 'We could not complete your request because of a problem on our side. Please try again in a moment.',
} as const
