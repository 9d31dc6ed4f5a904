import { z } from 'zod'
import { CODE_MSG, normalizeCode } from '../sign-in-code'

/** The code form (2-step sign-in and step-up): the HTML form and the /v1 operations use this one schema. */
export const signInCodeSchema = z.object({
  code: z
    .string({ error: CODE_MSG.required })
    .trim()
    .min(1, { error: CODE_MSG.required })
    .max(20, { error: CODE_MSG.format })
    .transform((typed, ctx) => {
      const code = normalizeCode(typed)
      if (code === null) {
        ctx.addIssue({ code: 'custom', message: CODE_MSG.format })
        return z.NEVER
      }
      return code
    }),
  remember: z
    .union([z.literal('on'), z.boolean()])
    .optional()
    .transform((v) => v === 'on' || v === true),
})
