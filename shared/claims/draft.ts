import * as z from 'zod/mini'

/**
 * A claim draft (docs/decisions/105): the island's form values (shared/claims/payload.ts shapes), never
 * files. Every field optional: a draft is merged over the form's starting values, so a draft saved by an
 * older island still restores what it has. The worker refuses anything else, and anything larger than
 * DRAFT_MAX_BYTES.
 */
export const DRAFT_MAX_BYTES = 16 * 1024

const text = z.optional(z.string().check(z.maxLength(2000)))
const flag = z.optional(z.boolean())
const codes = z.optional(z.array(z.int()).check(z.maxLength(10)))

export const claimDraftSchema = z.strictObject({
  lossDate: text,
  lossTime: text,
  weather: z.optional(z.enum(['', 'yes', 'no'])),
  cause: text,
  detailedCause: text,
  mitigationRequested: codes,
  description: text,
  insured: z.optional(
    z.strictObject({
      firstName: text,
      lastName: text,
      homePhone: text,
      workPhone: text,
      cellPhone: text,
      preferredContact: text,
      email: text,
      confirmEmail: text,
    }),
  ),
  reporter: z.optional(z.strictObject({ name: text, relationship: text, phone: text })),
  location: z.optional(z.strictObject({ sameAsInsured: flag, address: text, city: text, state: text, zipCode: text })),
  repairs: z.optional(
    z.strictObject({
      name: text,
      phone: text,
      email: text,
      address: text,
      city: text,
      state: text,
      zipCode: text,
      serviceType: text,
      serviceTypeComment: text,
      assignVendor: z.optional(z.enum(['', 'yes', 'no'])),
      serviceOptions: codes,
    }),
  ),
})
export type ClaimDraftValues = z.infer<typeof claimDraftSchema>
