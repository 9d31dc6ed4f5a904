/**
 * Ours: what the sign-in and step-up services answer (decisions 121, 179, 180). In shared/ so the
 * Spanish map (messages-es.ts) is keyed by the very texts the services send.
 */

/** The spec has only 'Login Failed.': shown once the lock is on, for an account that exists and for a name that does not alike (decision 121). */
export const LOGIN_LOCKED =
  'Login Failed. There have been too many unsuccessful attempts. Please try again in 15 minutes, or use Forgot your password? to reset your password.'

/** The wait after too many codes or wrong entries. */
export const CODE_LIMIT_MSG = 'Too many codes were asked for or entered in a short time. Please wait 15 minutes and try again.'

/** Step-up (decision 180). */
export const STEP_UP_MSG = {
  needed: 'For your security, confirm it is you before this change: we will email you a 6-digit code.',
  noCode: 'Select Email me a code first.',
  apiNeeded:
    'For your security, confirm it is you first: ask for a code with POST /v1/profile/step-up/code, then send it to POST /v1/profile/step-up, and repeat this request.',
} as const
