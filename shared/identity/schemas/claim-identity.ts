import { z } from 'zod'
import { parseBirthDate } from '../birth-date'
import { birthDateText, lastName, policyNumber } from './profile-fields'
import { PROFILE_MSG } from './profile-messages'

/** Texts of the form (ours; spec 000 gives none for it). */
export const CLAIM_IDENTITY_MSG = {
  zipOrBirthDate: 'Enter the ZIP code of the insured property, or your date of birth.',
  zipFormat: 'Enter the 5-digit ZIP code.',
  /** The one answer for every mismatch: it never says which part was wrong, nor whether the policy exists. */
  noMatch: 'We could not confirm these details. Check them and try again, or call us to report your claim:',
} as const

/**
 * Report a claim without signing in (decision 220): policy number, last name, and the ZIP code of the
 * insured property or the date of birth (either one). Both may be given; either matching is enough.
 */
export const claimIdentitySchema = z
  .object({
    policyId: policyNumber(),
    lastName,
    zipCode: z
      .string()
      .nullish()
      .transform((v) => (v ?? '').trim()),
    birthDate: birthDateText,
  })
  .superRefine((v, ctx) => {
    if (!v.zipCode && !v.birthDate) ctx.addIssue({ code: 'custom', path: ['zipCode'], message: CLAIM_IDENTITY_MSG.zipOrBirthDate })
    if (v.zipCode && !/^\d{5}(-?\d{4})?$/.test(v.zipCode)) ctx.addIssue({ code: 'custom', path: ['zipCode'], message: CLAIM_IDENTITY_MSG.zipFormat })
    if (v.birthDate && !parseBirthDate(v.birthDate)) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: PROFILE_MSG.invalidDate })
  })
  .transform((v) => ({
    policyId: v.policyId,
    lastName: v.lastName,
    zipCode: v.zipCode.slice(0, 5),
    birthDate: v.birthDate ? parseBirthDate(v.birthDate) : null,
  }))

export const CLAIM_IDENTITY_FIELD_ORDER = ['policyId', 'lastName', 'zipCode', 'birthDate'] as const
