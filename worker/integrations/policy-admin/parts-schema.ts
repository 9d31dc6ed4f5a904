import { z } from 'zod'

/**
 * The shapes of the policy's parts a change touches (PolicyParts, ./port.ts) beyond the mortgagees, as
 * the carrier answers them and the stand-in reads them: the contact details (decision 215) and the
 * deductibles (decision 216). One schema each for the adapter and the stand-in.
 */
export const contactSchema = z.object({
  address1: z.string().min(1).max(100),
  address2: z.string().max(100),
  city: z.string().min(1).max(60),
  state: z.string().length(2),
  zipCode: z.string().max(10),
  email: z.string().max(254),
  homePhone: z.string().max(20),
})

const deductibleSchema = z.union([
  z.object({ peril: z.string().min(1).max(60), amount: z.number().int().min(0) }).strict(),
  z.object({ peril: z.string().min(1).max(60), percentOfDwelling: z.number().positive().max(25) }).strict(),
])

export const deductiblesPartSchema = z.object({ deductibles: z.array(deductibleSchema).max(10), dwellingLimitCents: z.number().int().min(0) })
