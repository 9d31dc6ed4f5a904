import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { documentListing } from '../../services/policy/documents'
import { defineOperation, register } from '../operation'
import { json, PolicyIdParam } from '../schemas'

/**
 * GetDocumentDescriptorList/{policyId} on both families (spec 000 section 7): the documents the
 * Documents screen lists for the policy (packets, policy documents, coverage documents) with the
 * declarations and coverage messages. Wrong family, missing and out of scope all answer the same 404.
 */
export function documentsOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const list = defineOperation(
    {
      method: 'get',
      path: `/${family}/GetDocumentDescriptorList/{policyId}`,
      operationId: `${family}.GetDocumentDescriptorList`,
      tags: [family],
      summary: 'The documents the Documents screen lists',
      request: { params: PolicyIdParam },
      responses: { 200: json(z.object({}).passthrough(), 'Packets, policy documents, coverage documents and their messages.') },
    },
    { auth: 'session', policy: { family, operation: 'GetDocumentDescriptorList' } },
  )
  register(api, list, (c, { policy }) => {
    c.header('Cache-Control', 'no-store')
    return c.json(documentListing(policy))
  })
}
