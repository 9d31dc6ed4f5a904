/**
 * The rules of a mailed sign-in code (issue 23 item 2, decision 179): 6 digits, valid 10 minutes, used
 * once, and at most 5 wrong entries before a new code is needed. Step-up (item 3): a session must have
 * been proved within the last 10 minutes before a sensitive change.
 */
const CODE_DIGITS = 6
export const CODE_VALID_MS = 10 * 60_000
export const CODE_MAX_TRIES = 5
/** 'Remember this device for 30 days': the 2-step code is not asked again there until then. */
export const REMEMBER_DEVICE_MS = 30 * 24 * 60 * 60_000
/** A session proved longer ago than this must prove it again before a sensitive change. */
export const STEP_UP_AFTER_MS = 10 * 60_000

/** Ours (the spec has no 2-step sign-in): what a person reads about a code. */
export const CODE_MSG = {
  required: 'Enter the 6-digit code from the email.',
  format: 'The code is 6 digits, for example 123456.',
  wrong: 'That code is not right. Check the newest email from us and try again.',
  expired: 'This code has expired: codes work for 10 minutes. Select Send a new code to get another.',
  used: 'This code has already been used. Select Send a new code to get another.',
  tooManyTries: 'That code was entered wrongly too many times. Select Send a new code to get another.',
  pendingGone: 'Your sign-in took too long or was already finished. Please log in again.',
  sent: 'We emailed you a new code. It works for 10 minutes.',
} as const

export interface CodeState {
  usedAt: number | null
  expiresAt: number
  tries: number
}

export type CodeVerdict = 'ok' | 'wrong' | 'expired' | 'used' | 'too-many-tries'

/**
 * What an entered code earns. A used code is 'used' whatever was typed (a replay learns nothing more),
 * then an expired one 'expired', then a code out of tries 'too-many-tries' even when right (the guess
 * that would have been the sixth never counts), and only then right or wrong.
 */
export function judgeCode(code: CodeState, matches: boolean, now: number): CodeVerdict {
  if (code.usedAt !== null) return 'used'
  if (now >= code.expiresAt) return 'expired'
  if (code.tries >= CODE_MAX_TRIES) return 'too-many-tries'
  return matches ? 'ok' : 'wrong'
}

export const VERDICT_MESSAGE: Record<Exclude<CodeVerdict, 'ok'>, string> = {
  wrong: CODE_MSG.wrong,
  expired: CODE_MSG.expired,
  used: CODE_MSG.used,
  'too-many-tries': CODE_MSG.tooManyTries,
}

/** The code as typed or pasted ('123 456', '123-456', with spaces around) as its 6 digits, or null. */
export function normalizeCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '')
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(digits) ? digits : null
}

/** Whether a session last proved at `verifiedAt` must prove it again before a sensitive change. */
export function needsStepUp(verifiedAt: number, now: number): boolean {
  return now - verifiedAt > STEP_UP_AFTER_MS
}

/** An address shown on the code page without giving it away whole: 'j•••@example.com'. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '•••'
  return `${address[0]}•••${address.slice(at)}`
}
