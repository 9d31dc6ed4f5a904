/**
 * Spec 000 section 5 "General validators available": email format, required, minimum and maximum length,
 * minimum and maximum value, same-as. One predicate and one message each, for every form: a form whose
 * spec gives a field its own message uses the predicate with that message; where the spec only says
 * "valid" or "max N", the general message below is the one shown.
 */
export const GENERAL_MSG = {
  required: 'Value is required',
  email: 'Value is not a valid email address',
  sameAs: 'The value must be equal to the other value',
  minLength: (n: number) => `This field should be at least ${n} characters long`,
  maxLength: (n: number) => `The maximum length allowed is ${n}`,
  /** Ours: the spec names the minimum and maximum value validators without their words (README, product review). */
  minValue: (n: number) => `The value must be at least ${n}`,
  maxValue: (n: number) => `The value must be at most ${n}`,
} as const

/** Email format: something, one @, something with a dot, no spaces (the mail system is the real proof). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value)
}

export function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === ''
}

export function isSameAs(value: string, other: string, opts: { ignoreCase?: boolean } = {}): boolean {
  return opts.ignoreCase ? value.toLowerCase() === other.toLowerCase() : value === other
}

export function isAtLeast(value: number, min: number): boolean {
  return Number.isFinite(value) && value >= min
}

export function isAtMost(value: number, max: number): boolean {
  return Number.isFinite(value) && value <= max
}
