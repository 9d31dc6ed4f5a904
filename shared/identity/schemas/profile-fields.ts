import { z } from 'zod'
import { PROFILE_MSG, LINKING_MSG, COMMON_PASSWORD_MSG, CURRENT_PASSWORD_MSG } from './profile-messages'
import { isCommonPassword, meetsPasswordRule, PASSWORD_MAX } from '../password-rule'
import { isBirthDateExempt } from '../../policy/family'
import { isFutureDate, latestCalendarDate, parseBirthDate } from '../birth-date'
import { normalizePolicyNumber } from '../../policy/policy-number'
import { isEmailAddress } from '../../forms/general-validators'

/**
 * Field rules shared by the profile forms and their /v1/profile calls, so a form and its API call can
 * never disagree on a rule or a message.
 */
const USER_NAME_MAX = 50
const EMAIL_MAX = 254
const LAST_NAME_MAX = 60

/** A string that must not be blank after trimming; missing and blank give the same message. */
function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message })
}

export function policyNumber(requiredMessage: string = PROFILE_MSG.policyNumberRequired) {
  return requiredText(requiredMessage)
    .max(20, { error: PROFILE_MSG.maxLength(20) })
    .transform(normalizePolicyNumber)
}

export function email(required: string, invalid: string) {
  return requiredText(required)
    .max(EMAIL_MAX, { error: PROFILE_MSG.maxLength(EMAIL_MAX) })
    .refine(isEmailAddress, { error: invalid })
}

export function userName(required: string) {
  return requiredText(required).max(USER_NAME_MAX, { error: PROFILE_MSG.maxLength(USER_NAME_MAX) })
}

/**
 * A new password: required, then the complexity rule (which includes 7 to 35), then not a common or
 * breached password (only asked once the rule passes, so one message at a time). Never trimmed.
 */
export function newPassword(required: string, withMaxMessage = false) {
  const base = z.string({ error: required }).min(1, { error: required })
  const bounded = withMaxMessage ? base.max(PASSWORD_MAX, { error: PROFILE_MSG.maxLength(PASSWORD_MAX) }) : base
  return bounded
    .refine(meetsPasswordRule, { error: PROFILE_MSG.passwordRule })
    .refine((p) => !meetsPasswordRule(p) || !isCommonPassword(p), { error: COMMON_PASSWORD_MSG })
}

/**
 * The current password that confirms a change (decision 130). Never trimmed. Required for a password
 * change; for the profile form it may be blank, and the service asks for it only when the email changes.
 */
export function currentPassword(required: boolean) {
  const base = required ? z.string({ error: CURRENT_PASSWORD_MSG.required }).min(1, { error: CURRENT_PASSWORD_MSG.required }) : z.string().default('')
  return base.pipe(z.string().max(PASSWORD_MAX, { error: PROFILE_MSG.maxLength(PASSWORD_MAX) }))
}

export function confirmPassword(required: string) {
  return z.string({ error: required }).min(1, { error: required })
}

export const lastName = requiredText(PROFILE_MSG.lastNameRequired).max(LAST_NAME_MAX, { error: PROFILE_MSG.maxLength(LAST_NAME_MAX) })

/** Blank, null or missing all mean "not given" (flood policies may leave it out). */
export const birthDateText = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim())

interface RefineCtx {
  addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void
}

/**
 * Spec 000 section 5 "Register and Add policy": date of birth required unless the policy number starts
 * with FLD or has EX in its first three characters; yyyy-mm-dd or yyyy/mm/dd and a real date; not in
 * the future. `policyKey` names the policy number field of the schema it is used in.
 */
export function checkBirthDate(value: Record<string, unknown>, ctx: RefineCtx, policyKey: string, nowMs = Date.now()): void {
  const given = typeof value.birthDate === 'string' ? value.birthDate : ''
  const policyId = typeof value[policyKey] === 'string' ? (value[policyKey] as string) : ''
  if (!given) {
    if (!isBirthDateExempt(policyId)) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: LINKING_MSG.birthDateRequired })
    return
  }
  const iso = parseBirthDate(given)
  if (!iso) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: PROFILE_MSG.invalidDate })
  else if (isFutureDate(iso, latestCalendarDate(nowMs))) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: PROFILE_MSG.futureDate })
}

/** After validation: the date as yyyy-mm-dd, or null when not given. */
export function normalizedBirthDate(value: string): string | null {
  return value ? parseBirthDate(value) : null
}
