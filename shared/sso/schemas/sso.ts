import { z } from 'zod'
import { ACTION_CODES } from '../landing'
import { MSG } from '../../forms/messages'

/**
 * Single sign-on inputs (spec 000 "SSO landing", "Test SSO", section 7 policies-from-ping): the landing's
 * query parameters, the 'ssoParams' cookie, the JSON call and the Test SSO form. Every value is bounded
 * and limited to the characters it can hold, so bad input is refused before anything is called.
 */

/** A policy number once trimmed and uppercased (three-letter prefix then digits, e.g. FLA12345). */
export const POLICY_ID_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,19}$/
/** An identity-service reference (Ping-style REF): opaque, URL-safe, bounded. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9._~+/=-]{8,512}$/
/** The partner's tracking id (the transaction id of partner logs). */
const TRACKING_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional())

const policyNumber = (field: string) => z.string().trim().toUpperCase().regex(POLICY_ID_PATTERN, `${field} is not a policy number.`)
const trueFalse = z
  .string()
  .toLowerCase()
  .pipe(z.enum(['true', 'false'], { message: "fakePingResponse must be 'true' or 'false'." }))
  .transform((v) => v === 'true')

/** The SSO parameters of spec 000 section 3 (plus PPA), as kept in the 'ssoParams' cookie. */
const ssoParamsSchema = z.object({
  policyId: optional(policyNumber('policyId')),
  PPA: optional(
    z
      .string()
      .max(10)
      .regex(/^[A-Za-z]*$/, 'PPA is not valid.'),
  ),
  PgrOptOutPref: optional(z.enum(['0', '1'], { message: "PgrOptOutPref must be '0' or '1'." })),
  tracking_id: optional(z.string().regex(TRACKING_ID_PATTERN, 'tracking_id is not valid.')),
  actionCd: optional(
    z
      .string()
      .max(30)
      .regex(/^[A-Za-z_]*$/, 'actionCd is not valid.')
      .toUpperCase(),
  ),
  productType: optional(
    z
      .string()
      .max(30)
      .regex(/^[A-Za-z0-9 _-]*$/, 'productType is not valid.'),
  ),
  fakePingResponse: optional(trueFalse),
  SystemOrigin: optional(
    z
      .string()
      .max(10)
      .regex(/^[A-Za-z0-9]*$/, 'SystemOrigin is not valid.')
      .toUpperCase(),
  ),
})
export type SsoParams = z.infer<typeof ssoParamsSchema>

/** The landing's query: the SSO parameters and the identity-service token (never kept anywhere). */
const landingQuerySchema = ssoParamsSchema.extend({
  tokenid: optional(z.string().regex(REFERENCE_PATTERN, 'tokenid is not valid.')),
})
export type LandingQuery = z.infer<typeof landingQuerySchema>

const QUERY_NAMES = ['tokenid', 'policyId', 'PPA', 'PgrOptOutPref', 'tracking_id', 'actionCd', 'productType', 'fakePingResponse', 'SystemOrigin'] as const
const CANONICAL = new Map<string, string>(QUERY_NAMES.map((n) => [n.toLowerCase(), n]))

/**
 * The landing's query parameters, matched by name case-insensitively (partners spell tokenId and
 * tokenid); the first value of a repeated parameter counts, unknown parameters are ignored.
 */
export function parseLandingQuery(search: Iterable<readonly [string, string]>): { ok: true; value: LandingQuery } | { ok: false; error: string } {
  const raw: Record<string, string> = {}
  for (const [name, value] of search) {
    const canonical = CANONICAL.get(name.toLowerCase())
    if (canonical && !(canonical in raw)) raw[canonical] = value
  }
  const parsed = landingQuerySchema.safeParse(raw)
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid request.' }
  return { ok: true, value: parsed.data }
}

/** The 'ssoParams' cookie's value, or null when missing or not a valid set of parameters. */
export function parseSsoParamsCookie(value: string | undefined): SsoParams | null {
  if (!value) return null
  try {
    const parsed = ssoParamsSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** What goes into the 'ssoParams' cookie: the parameters as strings, never the token. */
export function ssoParamsCookieValue(params: SsoParams): string {
  const out: Record<string, string> = {}
  for (const k of Object.keys(ssoParamsSchema.shape) as (keyof SsoParams)[]) {
    const v = params[k]
    if (v !== undefined) out[k] = String(v)
  }
  return JSON.stringify(out)
}

/** POST /v1/common/policies-from-ping/ (spec 000 section 7): {key, tokenId, policyID, fakePingResponse, name}. */
export const policiesFromPingSchema = z
  .object({
    key: z.string().max(100).nullish(),
    tokenId: optional(z.string().regex(REFERENCE_PATTERN, 'tokenId is not valid.')).nullable(),
    policyID: optional(policyNumber('policyID')).nullable(),
    fakePingResponse: z
      .union([z.boolean(), trueFalse])
      .nullish()
      .transform((v) => v === true),
    name: z.string().max(100).nullish(),
  })
  .refine((d) => d.fakePingResponse || Boolean(d.tokenId), { message: 'tokenId is required.', path: ['tokenId'] })
  .refine((d) => !d.fakePingResponse || Boolean(d.policyID), { message: 'policyID is required.', path: ['policyID'] })

const SYSTEM_ORIGINS = ['', 'MNA'] as const

/** The Test SSO form (spec 000 "Test SSO"): the policy id is trimmed and uppercased. */
export const testSsoFormSchema = z.object({
  actionCd: z.enum(ACTION_CODES, { message: MSG.required }),
  policyId: z
    .string({ message: MSG.required })
    .trim()
    .min(1, MSG.required)
    .toUpperCase()
    .regex(POLICY_ID_PATTERN, 'Enter a policy number: letters and digits only, for example FLA12345.'),
  productType: z
    .string()
    .trim()
    .max(30, 'The maximum length allowed is 30')
    .regex(/^[A-Za-z0-9 _-]*$/, 'Letters and digits only.')
    .default(''),
  SystemOrigin: z.enum(SYSTEM_ORIGINS, { message: 'Choose None or MNA.' }).default(''),
  PgrOptOutPref: z.enum(['1', '0'], { message: MSG.required }).default('1'),
})
export type TestSsoForm = z.infer<typeof testSsoFormSchema>
