import { z } from '@hono/zod-openapi'

/** Response shapes the /v1 document names (requests use the shared/ schemas the islands use). */
export const TokenSchema = z
  .object({
    accountToken: z.string().openapi({ description: 'A JWT: send it as `Authorization: Bearer`.' }),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int().openapi({ description: 'Seconds until the session idles out.' }),
  })
  .openapi('Token')

export const ProfileSchema = z
  .object({
    profileId: z.string(),
    userName: z.string(),
    emailAddress: z.string(),
  })
  .passthrough()
  .openapi('Profile')

export const ProfileWithTokenSchema = TokenSchema.extend({ profile: ProfileSchema }).openapi('ProfileWithToken')

/** A 2xx answer of spec 000 that carries a refusal in words (registration, profile changes): 202. */
export const ErrorMessageSchema = z.object({ errorMessage: z.string() }).openapi('ErrorMessage')

export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })
export const text = (description: string) => ({ description, content: { 'text/plain': { schema: z.string() } } })
export const pdf = (description: string) => ({ description, content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } })
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } })

export const PolicyIdParam = z.object({
  policyId: z.string().openapi({ param: { name: 'policyId', in: 'path' }, example: 'HO3000001' }),
})
