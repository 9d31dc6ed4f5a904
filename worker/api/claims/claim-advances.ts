import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { floodAdvanceSchema, livingExpensesSchema, type FloodAdvanceRequest, type LivingExpensesRequest } from '../../../shared/claims/advance/advance-forms'
import { ADVANCE_STATUSES } from '../../../shared/claims/advance/advance-updated'
import { ADVANCE_REFUSAL, advanceAnswerStatus, claimAdvances, requestAdvance } from '../../services/claims/claim-advances'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { storedIdempotencyKey } from '../../services/idempotency/stored-key'
import { kickDrain } from '../../services/outbox/outbox'
import { IDEMPOTENCY_HEADER } from '../../middleware/idempotency'
import { RATE_RULES } from '../../middleware/rate-rules'
import { background } from '../../lib/background'
import { defineOperation, miniJsonBody, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { json, PolicyIdParam } from '../schemas'

/**
 * Advance payments on a flood claim and additional living expenses on a homeowners claim (issue 33 item
 * 2, decision 211): GET lists the claim's requests with their status; POST asks, with an Idempotency-Key
 * (required: one request per key however often it is sent), checked by the same shared schema and limit
 * rule as the claim page's form. Another person's claim is a 404 like a missing one; a closed claim takes
 * no request (409). Files go first through ClaimFile?claimNumber= (decision 204's checks); the request
 * names them by their ids.
 */
const claimQuery = z.object({ claimNumber: z.string().max(40).openapi({ example: 'FL-2026-000123' }) })

const AdvanceSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['flood-advance', 'living-expenses']),
    amountCents: z.number().int(),
    documents: z.number().int(),
    period: z.object({ from: z.string(), to: z.string() }).nullable(),
    purpose: z.string().nullable(),
    status: z.enum(ADVANCE_STATUSES),
    decidedCents: z.number().int().nullable().openapi({ description: 'The amount approved or paid.' }),
    reason: z.string().nullable().openapi({ description: 'Why it was declined.' }),
    requestedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ClaimAdvance')

const claimNumberOf = (raw: string) => raw.trim().toUpperCase()

export function claimAdvanceOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const base = { path: `/${family}/ClaimAdvances/{policyId}`, tags: [family, 'claims'] }
  const policy = { family, operation: 'ClaimAdvances' }

  const list = defineOperation(
    {
      ...base,
      method: 'get',
      operationId: `${family}.GetClaimAdvances`,
      summary: family === 'flood' ? 'The advance payments asked for on a flood claim' : 'The living expenses asked for on a homeowners claim',
      request: { params: PolicyIdParam, query: claimQuery },
      responses: {
        200: json(z.object({ requests: z.array(AdvanceSchema), closed: z.boolean() }), 'Newest first.'),
        404: problemContent('No such claim on this policy.'),
      },
    },
    { auth: 'session', policy },
  )
  register(api, list, async (c, { policy }) => {
    c.header('Cache-Control', 'no-store')
    const found = await claimAdvances(c.env, { policyId: policy.policyID, claimNumber: claimNumberOf(c.req.query('claimNumber') ?? '') })
    return found ? c.json({ requests: found.requests, closed: found.closed }) : problem(c, 404, ADVANCE_REFUSAL.notFound)
  })

  const body = family === 'flood' ? miniJsonBody(floodAdvanceSchema) : miniJsonBody(livingExpensesSchema)
  const send = defineOperation(
    {
      ...base,
      method: 'post',
      operationId: `${family}.RequestClaimAdvance`,
      summary:
        family === 'flood'
          ? 'Ask for an advance payment on a flood claim (up to $5,000 without documents, $20,000 with them; deducted from the final payment)'
          : 'Ask for additional living expenses on a homeowners claim, with receipts',
      request: { params: PolicyIdParam, query: claimQuery, body: body.body },
      middleware: [body.middleware],
      responses: {
        201: json(z.object({ request: AdvanceSchema }), 'Stored and on its way to the claims system (a repeat of the key answers the same request).'),
        404: problemContent('No such claim on this policy.'),
        409: problemContent('The claim is closed or takes the other kind of request, or a request with this Idempotency-Key is still running.'),
      },
    },
    { auth: 'session', policy, rate: RATE_RULES.claimAdvance },
  )
  register(api, send, async (c, { session, policy }) => {
    c.header('Cache-Control', 'no-store')
    const key = await storedIdempotencyKey(c.env, c.req.header(IDEMPOTENCY_HEADER))
    if (!key) return problem(c, 400, ADVANCE_REFUSAL.keyRequired)
    const v = c.req.valid('json' as never) as FloodAdvanceRequest | LivingExpensesRequest
    const living = 'purpose' in v ? v : null
    const outcome = await requestAdvance(c.env, {
      policyId: policy.policyID,
      claimNumber: claimNumberOf(c.req.query('claimNumber') ?? ''),
      owner: claimDraftOwner(session, policy.policyID),
      kind: family === 'flood' ? 'flood-advance' : 'living-expenses',
      amountCents: v.amount,
      documentKind: 'documentKind' in v ? (v.documentKind ?? null) : null,
      documentIds: v.documentIds,
      period: living ? { from: living.periodFrom, to: living.periodTo } : null,
      purpose: living?.purpose ?? null,
      key,
      now: Date.now(),
    })
    const refusal = advanceAnswerStatus(outcome)
    if (refusal || outcome.kind !== 'requested') return problem(c, refusal?.status ?? 404, refusal?.message ?? ADVANCE_REFUSAL.notFound)
    if (!outcome.repeated) await kickDrain(c.env, background(c), { channels: ['claim-advance'] })
    return c.json({ request: outcome.request }, 201)
  })
}
