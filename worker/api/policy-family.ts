import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { routeFamilyFor, NO_ROUTE_FOR_REQUEST, type PolicyFamily } from '../../shared/policy/family'
import { requireSession } from './require-session'
import { policyInScope } from '../services/policy-access'
import { log } from '../services/log'

const POLICY_ID = /^[A-Za-z]{2,3}\d{1,15}$/
const NOT_FOUND = { errorMessage: 'Policy not found.' }

/**
 * /v1/homeowners and /v1/flood. A request reaches an operation only through the family the policy
 * number selects (flood prefixes AEX/EX/FLD, homeowners otherwise, homeowners where flood has no route).
 */
export function policyFamilyApi(family: PolicyFamily) {
  const api = new Hono<AppEnv>()
  api.use('*', requireSession)

  api.get('/GetPolicy/:policyId', async (c) => {
    const policyId = c.req.param('policyId').toUpperCase()
    if (!POLICY_ID.test(policyId) || routeFamilyFor(policyId, 'GetPolicy') !== family) return c.json(NOT_FOUND, 404)
    const policy = await policyInScope(c.env, c.get('session')!, policyId)
    if (!policy) return c.json(NOT_FOUND, 404)
    c.header('Cache-Control', 'no-store')
    return c.json(policy)
  })

  api.all('/:operation/*', (c) => noRoute(c.req.param('operation'), c.get('requestId')))
  api.all('/:operation', (c) => noRoute(c.req.param('operation'), c.get('requestId')))
  return api

  function noRoute(operation: string, requestId: string) {
    log('warn', NO_ROUTE_FOR_REQUEST, { requestId, family, operation })
    return Response.json({ errorMessage: NO_ROUTE_FOR_REQUEST }, { status: 404 })
  }
}
