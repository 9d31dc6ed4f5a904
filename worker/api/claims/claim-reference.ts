import type { Context } from 'hono'
import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { CLAIM_MSG } from '../../../shared/claims/messages'
import { isRealIsoDate, usToIso } from '../../../shared/claims/dates'
import { policyForOperation, POLICY_NOT_FOUND } from '../policy/policy-param'
import { claimSeedAnswer, claimsMatrixAnswer } from '../../services/claims/claim-reference'
import { defineOperation, register } from '../operation'
import { problem } from '../../render/problem'
import { json } from '../schemas'

/**
 * GetClaimsMatrix and GetPolicySeedDataForClaim on both families (spec 001 section 7), with the query
 * parameters policyId and lossDate (yyyy-mm-dd, or MM/dd/yyyy). Each answers the spec's JSON string
 * holding { result, Messages } or { result, message }. The policy comes through policyForOperation():
 * another person's policy, a missing one and the wrong family all answer the same 404.
 */
const lossQuery = z.object({
  policyId: z.string().optional().openapi({ example: 'HO3000001' }),
  lossDate: z.string().optional().openapi({ description: 'yyyy-mm-dd, or MM/dd/yyyy', example: '2026-11-20' }),
})
const specJsonString = json(
  z.string().openapi({ description: 'A JSON text holding { result, Messages } or { result, message } (spec 001).' }),
  'The answer, as the spec gives it.',
)

export function claimReferenceOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const matrix = defineOperation(
    {
      method: 'get',
      path: `/${family}/GetClaimsMatrix`,
      operationId: `${family}.GetClaimsMatrix`,
      tags: [family, 'claims'],
      summary: 'Causes of loss a claim may name',
      request: { query: lossQuery },
      responses: { 200: specJsonString },
    },
    { auth: 'session', claimSession: true },
  )
  register(api, matrix, (c) => getClaimsMatrix(c, family))

  const seed = defineOperation(
    {
      method: 'get',
      path: `/${family}/GetPolicySeedDataForClaim`,
      operationId: `${family}.GetPolicySeedDataForClaim`,
      tags: [family, 'claims'],
      summary: 'What a claim form starts with, on the policy of the date of loss',
      request: { query: lossQuery },
      responses: { 200: specJsonString },
    },
    { auth: 'session', claimSession: true },
  )
  register(api, seed, (c) => getSeedData(c, family))
}

/** lossDate as yyyy-mm-dd; undefined when absent, null when present but not a real date. */
function lossDateParam(c: Context<AppEnv>): string | null | undefined {
  const raw = c.req.query('lossDate')?.trim()
  if (!raw) return undefined
  const iso = raw.includes('/') ? usToIso(raw) : raw
  return isRealIsoDate(iso) ? iso : null
}

/** The body is a JSON string (the spec's shape), never cached. */
function jsonString(c: Context<AppEnv>, answer: unknown): Response {
  c.header('Cache-Control', 'no-store')
  return c.json(JSON.stringify(answer))
}

async function getClaimsMatrix(c: Context<AppEnv>, family: PolicyFamily): Promise<Response> {
  if (lossDateParam(c) === null) return problem(c, 400, CLAIM_MSG.lossDateInvalid)
  const policyId = c.req.query('policyId')
  let policy = null
  if (policyId !== undefined) {
    policy = await policyForOperation(c, family, 'GetClaimsMatrix', policyId)
    if (!policy) return problem(c, 404, POLICY_NOT_FOUND.errorMessage)
  }
  return jsonString(c, await claimsMatrixAnswer(c.env, family, policy))
}

async function getSeedData(c: Context<AppEnv>, family: PolicyFamily): Promise<Response> {
  const policy = await policyForOperation(c, family, 'GetPolicySeedDataForClaim', c.req.query('policyId'))
  if (!policy) return problem(c, 404, POLICY_NOT_FOUND.errorMessage)
  const lossDate = lossDateParam(c)
  if (lossDate === undefined) return problem(c, 400, CLAIM_MSG.lossDateRequired)
  if (lossDate === null) return problem(c, 400, CLAIM_MSG.lossDateInvalid)
  return jsonString(c, await claimSeedAnswer(c.env, policy, lossDate))
}
