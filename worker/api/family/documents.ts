import type { Hono } from 'hono'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { policyForOperation, POLICY_NOT_FOUND } from './policy-param'
import { documentListing } from '../../services/documents'

/**
 * GetDocumentDescriptorList/{policyId} on both families (spec 000 section 7): the documents the
 * Documents screen lists for the policy (packets, policy documents, coverage documents) with the
 * declarations and coverage messages. Wrong family, missing and out of scope all answer the same 404.
 */
export function documentsRoutes(api: Hono<AppEnv>, family: PolicyFamily): void {
  for (const path of ['/GetDocumentDescriptorList/:policyId', '/GetDocumentDescriptorList/:policyId/']) {
    api.get(path, async (c) => {
      const policy = await policyForOperation(c, family, 'GetDocumentDescriptorList', c.req.param('policyId'))
      if (!policy) return c.json(POLICY_NOT_FOUND, 404)
      c.header('Cache-Control', 'no-store')
      return c.json(documentListing(policy))
    })
  }
}
