/**
 * Spec 000 section 5 "General validators available": email format, required, minimum and maximum length,
 * same-as. One message each, and a predicate where a schema check is not enough, for every form: a form
 * whose spec gives a field its own message uses the predicate with that message; where the spec only says
 * "valid" or "max N", the general message below is the one shown. The spec's minimum and maximum value
 * have no form (the payment amount has its own words), so they are not here.
 */
export const GENERAL_MSG = {
  required: 'Value is required',
  email: 'Value is not a valid email address',
  sameAs: 'The value must be equal to the other value',
  minLength: (n: number) => `This field should be at least ${n} characters long`,
  maxLength: (n: number) => `The maximum length allowed is ${n}`,
} as const

/** Email format: something, one @, something with a dot, no spaces (the mail system is the real proof). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value)
}

export function isSameAs(value: string, other: string, opts: { ignoreCase?: boolean } = {}): boolean {
  return opts.ignoreCase ? value.toLowerCase() === other.toLowerCase() : value === other
}
