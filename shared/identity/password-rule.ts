import { COMMON_PASSWORDS_SORTED } from './common-passwords-list'

/**
 * Password complexity (spec 000 section 5, "on profile and registration when a password is set"):
 * 7 to 35 characters, at least one uppercase letter, at least one lowercase letter, and at least one
 * digit or special character (anything that is not a letter or a digit).
 */
const PASSWORD_MIN = 7
export const PASSWORD_MAX = 35

export function meetsPasswordRule(password: string): boolean {
  const length = [...password].length
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX && /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /[^\p{L}]/u.test(password)
}

/**
 * Common and breached passwords (ASVS V2.1.7, decision 123): tens of thousands of the passwords seen
 * most in leaks, shipped with the portal (no network call), compared case-insensitively, so 'Passw0rd'
 * is refused like 'passw0rd'.
 */
let common: string[] | null = null

/** Split once (about 2 ms); no Set, whose building would cost several times that on a cold isolate. */
function commonPasswords(): string[] {
  common ??= COMMON_PASSWORDS_SORTED.split(' ')
  return common
}

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords()
  const wanted = password.toLowerCase()
  let lo = 0
  let hi = list.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const entry = list[mid]!
    if (entry === wanted) return true
    if (entry < wanted) lo = mid + 1
    else hi = mid - 1
  }
  return false
}
