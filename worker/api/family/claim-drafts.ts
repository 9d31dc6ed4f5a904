import type { Context, Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import type { Policy } from '../../../shared/schemas/policy'
import { mayReportClaim } from '../../../shared/policy/permissions'
import { CLAIM_REFUSAL } from '../../../shared/claims/messages'
import { claimDraftSchema, DRAFT_MAX_BYTES } from '../../../shared/claims/draft'
import { policyForOperation, POLICY_NOT_FOUND } from './policy-param'
import { jsonBody } from '../validation'
import { claimDraftOwner } from '../../services/claim-report'
import { deleteDraft, readDraft, writeDraft } from '../../db/claim-records'

/** A draft not touched for this long is gone (a claim is reported within days, not months). */
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60_000

/**
 * The claim being typed, kept server-side per policy and owner (docs/decisions/105): GET answers
 * { draft: { values, version, updatedAt } | null } (200 either way: no draft is not an error), PUT saves
 * { values } (a small JSON object, at most DRAFT_MAX_BYTES), DELETE discards it (204). Another person's
 * policy is a 404 like a missing one; a policy that may not report claims a 403.
 */
export function claimDraftRoutes(api: Hono<AppEnv>, family: PolicyFamily): void {
  api.get('/ClaimDraft/:policyId', (c) =>
    withPolicy(c, family, async (policy, owner) => {
      const row = await readDraft(c.env.DB, policy.policyID, owner, Date.now())
      const draft = row ? { values: JSON.parse(row.values_json) as unknown, version: row.version, updatedAt: row.updated_at } : null
      return c.json({ draft })
    }),
  )
  api.put('/ClaimDraft/:policyId', jsonBody(z.object({ values: claimDraftSchema })), (c) =>
    withPolicy(c, family, async (policy, owner) => {
      const valuesJson = JSON.stringify(c.req.valid('json').values)
      if (valuesJson.length > DRAFT_MAX_BYTES) return c.json({ errorMessage: 'The draft is too large.' }, 413)
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
    }),
  )
  api.delete('/ClaimDraft/:policyId', (c) =>
    withPolicy(c, family, async (policy, owner) => {
      await deleteDraft(c.env.DB, policy.policyID, owner)
      return c.body(null, 204)
    }),
  )
}

async function withPolicy(c: Context<AppEnv>, family: PolicyFamily, run: (policy: Policy, owner: string) => Promise<Response>): Promise<Response> {
  const policy = await policyForOperation(c, family, 'ClaimDraft', c.req.param('policyId'))
  if (!policy) return c.json(POLICY_NOT_FOUND, 404)
  if (!mayReportClaim(policy)) return c.json({ errorMessage: CLAIM_REFUSAL.notAllowed }, 403)
  c.header('Cache-Control', 'no-store')
  return run(policy, claimDraftOwner(c.get('session')!, policy.policyID))
}
