import { z } from 'zod'
import { billingNowSchema } from '../../../shared/policy/changes/billing-plan'
import { callOutside, jsonOf, OutsideCallError, type FetchLike } from '../outside-call'
import { PolicyAdminRefusedError, PolicyAdminUnavailableError, type ChangeState, type PolicyAdmin, type Quote, type QuoteRequest } from './port'
import { contactSchema, deductiblesPartSchema } from './parts-schema'

const TIMEOUT_MS = 10_000
const MAX_ANSWER_BYTES = 64 * 1024

export interface HttpPolicyAdminConfig {
  /** POLICY_ADMIN_URL, e.g. https://policy-admin.carrier.example/v1 (locally the /__dev/policy-admin stand-in). */
  baseUrl: string
  apiKey: string
  fetch?: FetchLike
  timeoutMs?: number
}

const mortgageeSchema = z.object({
  type: z.enum(['Mortgagee', 'Lienholder']),
  name: z.string(),
  loanId: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  mortgageeId: z.number().int(),
  escrowFlag: z.string(),
})
const partsSchema = z.object({
  mortgagees: z.array(mortgageeSchema).max(10).optional(),
  mailingAddress: contactSchema.optional(),
  deductibles: deductiblesPartSchema.optional(),
  billing: billingNowSchema.optional(),
})

const quoteSchema = z.object({ quoteId: z.string().min(1).max(100), premiumChangeCents: z.number().int(), referral: z.string().max(500).nullable() })
const stateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('quoted') }),
  z.object({ status: z.literal('bound'), changeId: z.string().min(1).max(100), effectiveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), policy: partsSchema }),
  z.object({ status: z.literal('referred'), changeId: z.string().min(1).max(100), reason: z.string().max(500) }),
  z.object({ status: z.literal('declined'), changeId: z.string().min(1).max(100), reason: z.string().max(500) }),
])

/**
 * The policy administration system's change API (decision 214), with `Authorization: Bearer {key}`:
 *   POST {POLICY_ADMIN_URL}/changes/quotes               {policyId, reference, effectiveDate, request, asOf} -> 201 {quoteId, premiumChangeCents, referral}
 *   POST {POLICY_ADMIN_URL}/changes/quotes/{id}/bind     Idempotency-Key -> 200 state (bound | referred | declined)
 *   GET  {POLICY_ADMIN_URL}/changes/quotes/{id}          -> 200 state
 * A 4xx is a refusal (the change cannot be made as asked); a 5xx, no answer or one of another shape is
 * 'unavailable', safe to send again with the same key.
 */
export function createHttpPolicyAdmin(config: HttpPolicyAdminConfig): PolicyAdmin {
  const base = config.baseUrl.replace(/\/+$/, '')
  async function call<T>(path: string, init: { method: 'GET' | 'POST'; body?: unknown; key?: string }, schema: z.ZodType<T>): Promise<T> {
    let answer: Awaited<ReturnType<typeof callOutside>>
    try {
      answer = await callOutside(
        `${base}${path}`,
        {
          method: init.method,
          headers: {
            Authorization: `Bearer ${config.apiKey}`,
            Accept: 'application/json',
            ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(init.key ? { 'Idempotency-Key': init.key } : {}),
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        },
        { timeoutMs: config.timeoutMs ?? TIMEOUT_MS, maxBodyBytes: MAX_ANSWER_BYTES, ...(config.fetch ? { fetch: config.fetch } : {}) },
      )
    } catch (err) {
      throw new PolicyAdminUnavailableError(err instanceof OutsideCallError ? err.kind : 'network')
    }
    const body = jsonOf(answer)
    if (answer.status >= 400 && answer.status < 500) {
      const detail = z.object({ error: z.string().max(500) }).safeParse(body)
      throw new PolicyAdminRefusedError(answer.status, detail.success ? detail.data.error : '')
    }
    if (answer.status < 200 || answer.status > 299) throw new PolicyAdminUnavailableError(`HTTP ${answer.status}`)
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw new PolicyAdminUnavailableError('an answer of another shape')
    return parsed.data
  }
  return {
    quote: (req: QuoteRequest): Promise<Quote> => call('/changes/quotes', { method: 'POST', body: req }, quoteSchema),
    async bind(quoteId, key) {
      const state = await call(`/changes/quotes/${encodeURIComponent(quoteId)}/bind`, { method: 'POST', body: {}, key }, stateSchema)
      if (state.status === 'quoted') throw new PolicyAdminUnavailableError('a bind answered as still quoted')
      return state
    },
    state: (quoteId): Promise<ChangeState> => call(`/changes/quotes/${encodeURIComponent(quoteId)}`, { method: 'GET' }, stateSchema),
  }
}
