import { z } from 'zod'
import { birthDateText, checkBirthDate, lastName, normalizedBirthDate, policyNumber } from './profile-fields'

/** Add My Policy (spec 000 section 5 "Register and Add policy"): the same identity fields as Register. */
const fields = { policyID: policyNumber(), lastName, birthDate: birthDateText }

export const addPolicySchema = z
  .object(fields)
  .superRefine((v, ctx) => checkBirthDate(v, ctx, 'policyID'))
  .transform((v) => ({ ...v, birthDate: normalizedBirthDate(v.birthDate) }))

/** `POST /v1/profile/policy`: {profileId, userName, emailAddress, policyID, lastName, birthDate}. */
export const addPolicyApiSchema = z
  .object({ ...fields, profileId: z.string().min(1), userName: z.string().optional(), emailAddress: z.string().optional() })
  .superRefine((v, ctx) => checkBirthDate(v, ctx, 'policyID'))
  .transform((v) => ({ ...v, birthDate: normalizedBirthDate(v.birthDate) }))

export const ADD_POLICY_FIELD_ORDER = ['lastName', 'birthDate'] as const
