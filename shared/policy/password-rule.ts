/**
 * Password complexity (spec 000 section 5, "on profile and registration when a password is set"):
 * 7 to 35 characters, at least one uppercase letter, at least one lowercase letter, and at least one
 * digit or special character (anything that is not a letter or a digit).
 */
export const PASSWORD_MIN = 7
export const PASSWORD_MAX = 35

export function meetsPasswordRule(password: string): boolean {
  const length = [...password].length
  return (
    length >= PASSWORD_MIN &&
    length <= PASSWORD_MAX &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /[^\p{L}]/u.test(password)
  )
}
