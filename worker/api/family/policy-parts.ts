import type { Hono } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/schemas/policy'
import type { PolicyFamily } from '../../../shared/policy/family'
import { policyForOperation, POLICY_NOT_FOUND } from './policy-param'

/**
 * The homeowners operations spec 000 section 7 names without payloads: Mortgagee, AdditionalInterest,
 * MailingAddress, Phone, Email. Read-only GETs of those parts of the policy of record (decision 133;
 * shapes in the README). They live on /v1/homeowners only; a flood policy reaches them there too, since
 * flood has no such route (routeFamilyFor). Malformed, missing, wrong family and another person's
 * policy all answer the same 404.
 */
export const POLICY_PARTS = {
  Mortgagee: (p: Policy) => ({ policyID: p.policyID, mortgagees: p.mortgagees }),
  AdditionalInterest: (p: Policy) => ({ policyID: p.policyID, additionalInterests: p.additionalInterests }),
  MailingAddress: (p: Policy) => ({ policyID: p.policyID, mailingAddress: p.mailingAddress }),
  Phone: (p: Policy) => ({ policyID: p.policyID, homePhone: p.homePhone }),
  Email: (p: Policy) => ({ policyID: p.policyID, email: p.email }),
} as const

export function policyPartsRoutes(api: Hono<AppEnv>, family: PolicyFamily): void {
  if (family !== 'homeowners') return
  for (const [operation, part] of Object.entries(POLICY_PARTS)) {
    for (const path of [`/${operation}/:policyId`, `/${operation}/:policyId/`]) {
      api.get(path, async (c) => {
        const policy = await policyForOperation(c, family, operation, c.req.param('policyId'))
        if (!policy) return c.json(POLICY_NOT_FOUND, 404)
        c.header('Cache-Control', 'no-store')
        return c.json(part(policy))
      })
    }
  }
}
