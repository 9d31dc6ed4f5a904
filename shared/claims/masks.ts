/**
 * Input masks of the claim forms (spec 001 sections 5 and 9): phone ###-###-####, zip ##### or
 * #####-####. As the user types, digits are kept and the dashes put in; on blur, a value that is not
 * complete is cleared (so the field's required rule, not a half-typed number, is what the user sees).
 */

export const PHONE_MASK = /^\d{3}-\d{3}-\d{4}$/
export const ZIP_MASK = /^\d{5}(-\d{4})?$/
/** Input maxlength of a masked field. */
export const PHONE_INPUT_MAX = 12
export const ZIP_INPUT_MAX = 10

const digits = (raw: string, max: number) => raw.replace(/\D/g, '').slice(0, max)

/** '9165550123' or '(916) 555-0123' -> '916-555-0123'; partial input keeps its dashes: '91655' -> '916-55'. */
export function maskPhone(raw: string): string {
  const d = digits(raw, 10)
  if (d.length <= 3) return d
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`
}

/** '958311234' -> '95831-1234'; five digits or fewer stay as typed. */
export function maskZip(raw: string): string {
  const d = digits(raw, 9)
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`
}

/** On blur: a complete phone stays, anything else is cleared. */
export function phoneOnBlur(value: string): string {
  const masked = maskPhone(value)
  return PHONE_MASK.test(masked) ? masked : ''
}

/** On blur: ##### or #####-#### stays, anything else (e.g. '9583' or '95831-12') is cleared. */
export function zipOnBlur(value: string): string {
  const masked = maskZip(value)
  return ZIP_MASK.test(masked) ? masked : ''
}
