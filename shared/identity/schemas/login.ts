import { z } from 'zod'
import { MSG } from '../../forms/messages'

/** Login (spec 000 section 5): the HTML form and POST /v1/profile/login/ use this one schema. */
export const loginSchema = z.object({
  userName: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(254, { error: MSG.loginFailed }),
  password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).min(7, { error: MSG.min7 }).max(35, { error: MSG.max35 }),
})

export type LoginInput = z.infer<typeof loginSchema>
