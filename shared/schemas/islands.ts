import * as z from 'zod/mini'
import { esignPropsSchema } from './esign'
import { makePaymentPropsSchema } from './payment-props'

/**
 * The props of every island, one schema each. The worker validates them before rendering an island
 * and islands/client.ts validates them again before hydrating. Props travel in the page as JSON, so
 * they are public: ids and display data only, never secrets or tokens.
 *
 * zod/mini (not the classic `zod` API) because these schemas ship to the browser: ~5 KB gzip
 * instead of ~90 KB.
 */

/** Every JSON fetch from an island sends this header; the worker's CSRF check for JSON requires it. */
export const JSON_HEADER = { 'X-Requested-With': 'portal' } as const

/** A path on this site ('/v1/common/token'), never another origin ('//evil.example', 'https://…'). */
const sitePath = z.string().check(z.regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site'))

export const sessionTimeoutPropsSchema = z.strictObject({
  /** Seconds of session left when the page was rendered. */
  expiresIn: z.int().check(z.nonnegative()),
  /** POSTed for a new token: '/v1/common/token'. */
  refreshUrl: sitePath,
  /** The logout form posts here: '/Logout'. */
  logoutUrl: sitePath,
})
export type SessionTimeoutProps = z.infer<typeof sessionTimeoutPropsSchema>

/** The body of a successful `POST /v1/common/token` (the session-timeout island reads it). */
export const tokenRefreshResponseSchema = z.object({
  expiresIn: z.number().check(z.positive()),
  accountToken: z.string(),
  tokenType: z.literal('Bearer'),
})
export type TokenRefreshResponse = z.infer<typeof tokenRefreshResponseSchema>

export const confirmRemovePolicyPropsSchema = z.strictObject({
  /** The linked policy that Remove would unlink. */
  policyId: z.string().check(z.regex(/^[A-Z0-9]{1,20}$/, 'must be a policy number')),
  /** The no-script confirmation page; Yes posts to it: '/manage-policies/remove'. */
  confirmUrl: sitePath,
  /** Remove is disabled when only one policy remains. */
  disabled: z.boolean(),
})
export type ConfirmRemovePolicyProps = z.infer<typeof confirmRemovePolicyPropsSchema>

/** Island name -> props schema. The key is the island's folder name and its marker value. */
export const islandPropsSchemas = {
  'session-timeout': sessionTimeoutPropsSchema,
  'confirm-remove-policy': confirmRemovePolicyPropsSchema,
  'e-sign': esignPropsSchema,
  'make-payment': makePaymentPropsSchema,
} as const

export type IslandName = keyof typeof islandPropsSchemas
export type IslandProps<N extends IslandName> = z.infer<(typeof islandPropsSchemas)[N]>
export type IslandHydrate = 'load' | 'idle' | 'visible'

export const ISLAND_HYDRATE_MODES: readonly IslandHydrate[] = ['load', 'idle', 'visible']

export function isIslandName(name: string): name is IslandName {
  return Object.prototype.hasOwnProperty.call(islandPropsSchemas, name)
}

/** Readable one-line reasons for a failed parse (for loud console/server errors). */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
}
