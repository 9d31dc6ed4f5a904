import { z } from 'zod'

/**
 * The coverage parts of a policy of record (issue 24): the form, each coverage's limit, the deductibles
 * and the endorsements by name. Money is integer cents. Optional on the policy so documents written
 * before coverages existed still parse.
 */

/** The coverage forms: homeowners-type forms, dwelling fire, flood, umbrella and commercial. */
const COVERAGE_FORMS = [
  'HO3',
  'HO5',
  'HO8',
  'HOA',
  'HOB',
  'HO6',
  'HO4',
  'DP1',
  'DP3',
  'MFH',
  'NFIP',
  'EXCESS_FLOOD',
  'UMBRELLA',
  'COMMERCIAL_PROPERTY',
  'COMMERCIAL_LIABILITY',
  'BUILDERS_RISK',
] as const
export type CoverageForm = (typeof COVERAGE_FORMS)[number]

/** Coverage codes: A-F of the homeowners forms, then the parts of flood, umbrella and commercial policies. */
const COVERAGE_CODES = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'BUILDING',
  'CONTENTS',
  'EACH_OCCURRENCE',
  'AGGREGATE',
  'BUSINESS_PERSONAL_PROPERTY',
  'BUSINESS_INCOME',
  'COMPLETED_VALUE',
] as const
export type CoverageCode = (typeof COVERAGE_CODES)[number]

const cents = z.number().int().nonnegative()

const coverageLimitSchema = z.object({ code: z.enum(COVERAGE_CODES), limit: cents })

/** A deductible is a fixed amount, or a percentage of the dwelling (or building) limit. */
const deductibleSchema = z.union([
  z.object({ peril: z.string().min(1), amount: cents }).strict(),
  z.object({ peril: z.string().min(1), percentOfDwelling: z.number().positive().max(25) }).strict(),
])

export const coveragesSchema = z.object({
  form: z.enum(COVERAGE_FORMS),
  limits: z.array(coverageLimitSchema).min(1),
  deductibles: z.array(deductibleSchema).default([]),
  endorsements: z.array(z.string()).default([]),
  /** Flood: whether the building is settled at replacement cost (otherwise actual cash value). */
  replacementCost: z.boolean().optional(),
  /** Flood: the NFIP occupancy the limits are capped by. */
  occupancy: z.enum(['residential', 'non-residential']).optional(),
})

export type Coverages = z.infer<typeof coveragesSchema>
export type Deductible = z.infer<typeof deductibleSchema>
