import type { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import { NO_ROUTE_FOR_REQUEST, type PolicyFamily } from '../../../shared/policy/family'
import { policyRecordSchema } from '../../../shared/policy/schemas/policy'
import { documentsOperations } from './policy-documents'
import { esignOperations } from '../esign/esign'
import { claimsOperations } from '../claims/claims'
import { paymentOperations } from '../payments/payments'
import { autopayOperations } from '../payments/autopay'
import { policyPartsOperations } from './policy-parts'
import { defineOperation, register } from '../operation'
import { problem } from '../../render/problem'
import { json, PolicyIdParam } from '../schemas'
import { log } from '../../lib/log'

/**
 * /v1/homeowners and /v1/flood. A request reaches an operation only through the family the policy
 * number selects (flood prefixes AEX/EX/FLD, homeowners otherwise, homeowners where flood has no route).
 * Each area declares its operations in api/family/; anything else under a family is 'NO ROUTE FOR REQUEST'.
 */
export function policyFamilyOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const getPolicy = defineOperation(
    {
      method: 'get',
      path: `/${family}/GetPolicy/{policyId}`,
      operationId: `${family}.GetPolicy`,
      tags: [family],
      summary: 'The policy of record',
      request: { params: PolicyIdParam },
      responses: { 200: json(policyRecordSchema, 'The policy.') },
    },
    { auth: 'session', policy: { family, operation: 'GetPolicy' } },
  )
  register(api, getPolicy, (c, { policy }) => {
    c.header('Cache-Control', 'no-store')
    return c.json(policy)
  })

  documentsOperations(api, family)
  esignOperations(api, family)
  claimsOperations(api, family)
  paymentOperations(api, family)
  autopayOperations(api, family)
  policyPartsOperations(api, family)

  api.all(`/${family}/:operation{.+}`, (c) => {
    const operation = c.req.param('operation').split('/')[0] ?? ''
    log('warn', NO_ROUTE_FOR_REQUEST, { requestId: c.get('requestId'), family, operation })
    return problem(c, 404, NO_ROUTE_FOR_REQUEST)
  })
}
