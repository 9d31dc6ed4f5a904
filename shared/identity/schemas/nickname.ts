import { z } from 'zod'
import { PROFILE_MSG } from './profile-messages'
import { policyNumber } from './profile-fields'
import { NICKNAME_MAX } from '../nickname'

const nickname = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(NICKNAME_MAX, { error: PROFILE_MSG.maxLength(NICKNAME_MAX) }))

/** Your Policies: a nickname's Save (spec 000 section 5 "Nickname: maximum 20"). */
export const nicknameSchema = z.object({ policyId: policyNumber(), nickname })

/** `PUT /v1/profile/policy`: {ProfileId, UserName, EmailAddress, PolicyID, Nickname}. */
export const nicknameApiSchema = z.object({
  ProfileId: z.string().min(1),
  UserName: z.string().optional(),
  EmailAddress: z.string().optional(),
  PolicyID: policyNumber(),
  Nickname: nickname,
})

/** Remove: the confirmation page's form and `DELETE /v1/profile/policy` (JSON body, same keys as PUT). */
export const removePolicySchema = z.object({ policyId: policyNumber() })
export const removePolicyApiSchema = nicknameApiSchema.extend({ Nickname: z.string().optional() })
