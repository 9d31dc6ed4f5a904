import { z, type OpenAPIHono } from '@hono/zod-openapi'
import * as zm from 'zod/mini'
import type { Context } from 'hono'
import type { AppEnv, PolicyContext } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { mayReportClaim } from '../../../shared/policy/permissions'
import { CLAIM_REFUSAL } from '../../../shared/claims/messages'
import { claimDraftSchema, DRAFT_MAX_BYTES } from '../../../shared/claims/draft'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { deleteDraft, readDraft, writeDraft } from '../../db/claims/claim-records'
import { RATE_RULES } from '../../middleware/rate-rules'
import { defineOperation, miniJsonBody, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { json, PolicyIdParam } from '../schemas'
import { DRAFT_TTL_MS } from '../../../shared/claims/uploads'

const draftBodySchema = zm.object({ values: claimDraftSchema })
const draftBody = miniJsonBody(draftBodySchema)

const DraftSchema = z.object({
  draft: z.object({ values: z.record(z.string(), z.unknown()), version: z.number().int(), updatedAt: z.number().int() }).nullable(),
})

/**
 * The claim being typed, kept server-side per policy and owner (docs/decisions/105): GET answers
 * { draft: { values, version, updatedAt } | null } (200 either way: no draft is not an error), PUT saves
 * { values } (a small JSON object, at most DRAFT_MAX_BYTES), DELETE discards it (204). Another person's
 * policy is a 404 like a missing one; a policy that may not report claims a 403.
 */
export function claimDraftOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const rules = {
    auth: 'session' as const,
    claimSession: true as const,
    policy: { family, operation: 'ClaimDraft', refusal: (p: Parameters<typeof mayReportClaim>[0]) => (mayReportClaim(p) ? null : CLAIM_REFUSAL.notAllowed) },
  }
  const base = { path: `/${family}/ClaimDraft/{policyId}`, tags: [family, 'claims'] }

  const read = defineOperation(
    {
      ...base,
      method: 'get',
      operationId: `${family}.GetClaimDraft`,
      summary: 'The claim being typed',
      request: { params: PolicyIdParam },
      responses: { 200: json(DraftSchema, 'The draft, or null.') },
    },
    rules,
  )
  register(api, read, async (c, granted) => {
    const { policy, owner } = draftOf(c, granted)
    const row = await readDraft(c.env.DB, policy.policyID, owner, Date.now())
    const draft = row ? { values: JSON.parse(row.values_json) as unknown, version: row.version, updatedAt: row.updated_at } : null
    return c.json({ draft })
  })

  const save = defineOperation(
    {
      ...base,
      method: 'put',
      operationId: `${family}.SaveClaimDraft`,
      summary: 'Keep the claim being typed',
      request: { params: PolicyIdParam, body: draftBody.body },
      middleware: [draftBody.middleware],
      responses: {
        200: json(z.object({ version: z.number().int(), updatedAt: z.number().int() }), 'Kept.'),
        413: problemContent('The draft is too large.'),
      },
    },
    { ...rules, rate: RATE_RULES.claimDraft, idempotency: 'none' },
  )
  register(api, save, async (c, granted) => {
    const { policy, owner } = draftOf(c, granted)
    const valuesJson = JSON.stringify((c.req.valid('json' as never) as zm.infer<typeof draftBodySchema>).values)
    // Bytes as stored (UTF-8), not UTF-16 units: 16,000 'é' are 32,000 bytes.
    if (new TextEncoder().encode(valuesJson).byteLength > DRAFT_MAX_BYTES) return problem(c, 413, 'The draft is too large.')
    const now = Date.now()
    const version = await writeDraft(c.env.DB, {
      policyId: policy.policyID,
      owner,
      family: policy.isFlood ? 'flood' : 'homeowners',
      valuesJson,
      now,
      expiresAt: now + DRAFT_TTL_MS,
    })
    return c.json({ version, updatedAt: now })
  })

  const discard = defineOperation(
    {
      ...base,
      method: 'delete',
      operationId: `${family}.DeleteClaimDraft`,
      summary: 'Discard the claim being typed',
      request: { params: PolicyIdParam },
      responses: { 204: { description: 'Gone.' } },
    },
    { ...rules, idempotency: 'none' },
  )
  register(api, discard, async (c, granted) => {
    const { policy, owner } = draftOf(c, granted)
    await deleteDraft(c.env.DB, policy.policyID, owner)
    return c.body(null, 204)
  })
}

function draftOf(c: Context<AppEnv>, { session, policy }: PolicyContext) {
  c.header('Cache-Control', 'no-store')
  return { policy, owner: claimDraftOwner(session, policy.policyID) }
}
