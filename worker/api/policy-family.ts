import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { NO_ROUTE_FOR_REQUEST, type PolicyFamily } from '../../shared/policy/family'
import { requireSession } from './require-session'
import { policyForOperation, POLICY_NOT_FOUND } from './family/policy-param'
import { documentsRoutes } from './family/documents'
import { esignRoutes } from './family/esign'
import { claimsRoutes } from './family/claims'
import { paymentRoutes } from './family/payments'
import { policyPartsRoutes } from './family/policy-parts'
import { log } from '../services/log'

/**
 * /v1/homeowners and /v1/flood. A request reaches an operation only through the family the policy
 * number selects (flood prefixes AEX/EX/FLD, homeowners otherwise, homeowners where flood has no route).
 * Each area registers its operations from api/family/; anything else is 'NO ROUTE FOR REQUEST'.
 */
export function policyFamilyApi(family: PolicyFamily) {
  const api = new Hono<AppEnv>()
  api.use('*', requireSession)

  api.get('/GetPolicy/:policyId', async (c) => {
    const policy = await policyForOperation(c, family, 'GetPolicy', c.req.param('policyId'))
    if (!policy) return c.json(POLICY_NOT_FOUND, 404)
    c.header('Cache-Control', 'no-store')
    return c.json(policy)
  })

  documentsRoutes(api, family)
  esignRoutes(api, family)
  claimsRoutes(api, family)
  paymentRoutes(api, family)
  policyPartsRoutes(api, family)

  api.all('/:operation/*', (c) => noRoute(c.req.param('operation'), c.get('requestId')))
  api.all('/:operation', (c) => noRoute(c.req.param('operation'), c.get('requestId')))
  return api

  function noRoute(operation: string, requestId: string) {
    log('warn', NO_ROUTE_FOR_REQUEST, { requestId, family, operation })
    return Response.json({ errorMessage: NO_ROUTE_FOR_REQUEST }, { status: 404 })
  }
}
