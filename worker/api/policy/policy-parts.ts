import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import type { PolicyFamily } from '../../../shared/policy/family'
import { defineOperation, register } from '../operation'
import { json, PolicyIdParam } from '../schemas'

/**
 * The homeowners operations spec 000 section 7 names without payloads: Mortgagee, AdditionalInterest,
 * MailingAddress, Phone, Email. Read-only GETs of those parts of the policy of record (decision 133;
 * shapes in the README). They live on /v1/homeowners only; a flood policy reaches them there too, since
 * flood has no such route (routeFamilyFor). Malformed, missing, wrong family and another person's
 * policy all answer the same 404.
 */
const POLICY_PARTS = {
  Mortgagee: (p: Policy) => ({ policyID: p.policyID, mortgagees: p.mortgagees }),
  AdditionalInterest: (p: Policy) => ({ policyID: p.policyID, additionalInterests: p.additionalInterests }),
  MailingAddress: (p: Policy) => ({ policyID: p.policyID, mailingAddress: p.mailingAddress }),
  Phone: (p: Policy) => ({ policyID: p.policyID, homePhone: p.homePhone }),
  Email: (p: Policy) => ({ policyID: p.policyID, email: p.email }),
} as const

export function policyPartsOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  if (family !== 'homeowners') return
  for (const [operation, part] of Object.entries(POLICY_PARTS)) {
    const read = defineOperation(
      {
        method: 'get',
        path: `/${family}/${operation}/{policyId}`,
        operationId: `${family}.${operation}`,
        tags: [family],
        summary: `The policy's ${operation} part`,
        request: { params: PolicyIdParam },
        responses: { 200: json(z.object({ policyID: z.string() }).passthrough(), 'The part, with the policy number.') },
      },
      { auth: 'session', policy: { family, operation } },
    )
    register(api, read, (c, { policy }) => {
      c.header('Cache-Control', 'no-store')
      return c.json(part(policy))
    })
  }
}
