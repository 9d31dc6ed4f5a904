import * as z from 'zod/mini'
import { CLAIM_MSG, maxLengthMessage } from '../messages'
import { PHONE_MASK, ZIP_MASK } from '../masks'
import { serviceCommentRequired, SERVICE_OPTIONS } from '../emergency-repairs'
import { hasAnyPhone } from '../contact'
import { isUsState } from '../../us-states'
import { EMAIL_PATTERN, GENERAL_MSG, isEmailAddress, isSameAs } from '../../forms/general-validators'
import { POLICY_NUMBER } from '../../policy/policy-number'

/**
 * The parts both claim schemas share (spec 001 section 5 "Claim (all forms)"). Every rule here is
 * continuable (string checks and refinements, no enums), so one parse reports every field at once and
 * the cross-field rules run too: the island shows all messages after Report Claim.
 *
 * Texts that the spec does not give (a malformed phone or zip that the masks would never let through,
 * e.g. from a tampered request) are written here and listed in docs/decisions/101.
 */

/** Spec 001 section 9: field maximum lengths. */
export const CLAIM_MAX = {
  description: 1900,
  address: 50,
  city: 40,
  email: 100,
  reportedBy: 30,
  relationship: 18,
  companyName: 50,
  serviceComment: 50,
} as const

const PHONE_FORMAT_MESSAGE = 'Please enter a phone number as ###-###-####.'
const ZIP_FORMAT_MESSAGE = 'Please enter a Zip Code as ##### or #####-####.'
const STATE_LIST_MESSAGE = 'Please choose a state from the list.'

/** Email format: the general validator's (spec 000 section 5). */
export { EMAIL_PATTERN }

const max = (n: number) => z.maxLength(n, maxLengthMessage(n))

/** A required text: trimmed, the spec's message when empty, the maximum when given. */
export function requiredText(message: string, maxLength?: number) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...(maxLength ? [max(maxLength)] : []))
}

/** An optional text with a maximum. */
function optionalText(maxLength: number) {
  return z.string().check(z.trim(), max(maxLength))
}

/** A phone that may be empty; when present, ###-###-####. */
export const optionalPhone = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || PHONE_MASK.test(v), PHONE_FORMAT_MESSAGE),
)

/** A required phone with its own message. */
export function requiredPhone(message: string) {
  return z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.refine((v) => v === '' || PHONE_MASK.test(v), PHONE_FORMAT_MESSAGE),
  )
}

const optionalZip = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || ZIP_MASK.test(v), ZIP_FORMAT_MESSAGE),
)
export const requiredZip = z.string({ error: CLAIM_MSG.zipRequired }).check(
  z.trim(),
  z.minLength(1, CLAIM_MSG.zipRequired),
  z.refine((v) => v === '' || ZIP_MASK.test(v), ZIP_FORMAT_MESSAGE),
)

const optionalState = z.string().check(
  z.trim(),
  z.refine((v) => v === '' || isUsState(v), STATE_LIST_MESSAGE),
)
export const requiredState = z.string({ error: CLAIM_MSG.stateRequired }).check(
  z.trim(),
  z.minLength(1, CLAIM_MSG.stateRequired),
  z.refine((v) => v === '' || isUsState(v), STATE_LIST_MESSAGE),
)

export const requiredEmail = z.string({ error: CLAIM_MSG.emailRequired }).check(
  z.trim(),
  z.minLength(1, CLAIM_MSG.emailRequired),
  max(CLAIM_MAX.email),
  z.refine((v) => v === '' || EMAIL_PATTERN.test(v), CLAIM_MSG.emailInvalid),
)

/** Emergency email (and flood's unchecked confirm email): spec 001 says only "valid", so the general validator's message. */
export const optionalEmail = z.string().check(
  z.trim(),
  max(CLAIM_MAX.email),
  z.refine((v) => v === '' || EMAIL_PATTERN.test(v), GENERAL_MSG.email),
)

export const policyIdField = z.string().check(z.regex(POLICY_NUMBER, 'must be a policy number'))

/** '' | '1' Home | '2' Work | '3' Mobile. */
export const preferredContactValue = z.string().check(z.refine((v) => ['', '1', '2', '3'].includes(v), CLAIM_MSG.preferredContactRequired))

/** Spec 001 section 3 "emergencyRepair", plus the National Vendor answer and checklist the form collects. */
export const emergencyRepairSchema = z
  .object({
    name: optionalText(CLAIM_MAX.companyName),
    phone: optionalPhone,
    email: optionalEmail,
    address: optionalText(CLAIM_MAX.address),
    city: optionalText(CLAIM_MAX.city),
    state: optionalState,
    zipCode: optionalZip,
    serviceType: z.string().check(z.maxLength(40)),
    serviceTypeOptionalComment: optionalText(CLAIM_MAX.serviceComment),
    /** The 'assign a National Vendor' answer. */
    assignNationalVendor: z.string().check(z.refine((v) => v === 'yes' || v === 'no', CLAIM_MSG.vendorAnswerRequired)),
    /** The checked service options (1 Water Mitigation, 2 Board-Up, 3 Fire/Smoke Mitigation, 4 Roof Tarping). */
    serviceOptions: z.array(z.int().check(z.refine((c) => SERVICE_OPTIONS.some((o) => o.code === c), 'unknown service option'))).check(z.maxLength(4)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (serviceCommentRequired(v.serviceType) && v.serviceTypeOptionalComment.trim() === '') {
        ctx.addIssue({ code: 'custom', message: CLAIM_MSG.serviceCommentRequired, path: ['serviceTypeOptionalComment'], input: v })
      }
      if (v.assignNationalVendor === 'yes' && v.serviceOptions.length === 0) {
        ctx.addIssue({ code: 'custom', message: CLAIM_MSG.serviceOptionsRequired, path: ['serviceOptions'], input: v })
      }
    }),
  )
export type EmergencyRepair = z.infer<typeof emergencyRepairSchema>

interface ContactFields {
  homePhone: string
  workPhone: string
  cellPhone: string
  preferredContact: string
  emailAddress: string
  confirmEmailAddress: string
}

type IssueSink = { addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void }

/**
 * The insured's contact rules: at least one phone (the message sits on the home phone, the first of
 * the three); for non-flood forms the preferred contact must name an entered phone, and the confirm
 * email must match (flood skips the match check and the preferred contact, spec 001 section 5).
 */
export function checkContact(v: ContactFields, ctx: IssueSink, family: 'flood' | 'homeowners'): void {
  if (!hasAnyPhone(v)) ctx.addIssue({ code: 'custom', message: CLAIM_MSG.phoneRequired, path: ['homePhone'], input: v })
  const phoneOf: Record<string, string> = { '1': v.homePhone, '2': v.workPhone, '3': v.cellPhone }
  if (family === 'homeowners') {
    if (v.preferredContact === '' || (phoneOf[v.preferredContact] ?? '') === '') {
      ctx.addIssue({ code: 'custom', message: CLAIM_MSG.preferredContactRequired, path: ['preferredContact'], input: v })
    }
    const confirm = v.confirmEmailAddress.trim()
    if (confirm !== '' && isEmailAddress(confirm) && !isSameAs(confirm, v.emailAddress.trim(), { ignoreCase: true })) {
      ctx.addIssue({ code: 'custom', message: CLAIM_MSG.emailMismatch, path: ['confirmEmailAddress'], input: v })
    }
  } else if (v.preferredContact !== '' && (phoneOf[v.preferredContact] ?? '') === '') {
    ctx.addIssue({ code: 'custom', message: CLAIM_MSG.preferredContactRequired, path: ['preferredContact'], input: v })
  }
}

/** The first message per field, keyed by the dotted path ('lossDate', 'emergencyRepair.zipCode'). */
export function claimFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '(root)'
    if (!(key in out)) out[key] = issue.message
  }
  return out
}
