import type { Context, Hono } from 'hono'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { CLAIM_MSG } from '../../../shared/claims/messages'
import { isRealIsoDate, usToIso } from '../../../shared/claims/dates'
import { policyForOperation, POLICY_NOT_FOUND } from './policy-param'
import { claimSeedAnswer, claimsMatrixAnswer } from '../../services/claim-reference'

/**
 * GetClaimsMatrix and GetPolicySeedDataForClaim on both families (spec 001 section 7), with the query
 * parameters policyId and lossDate (yyyy-mm-dd, or MM/dd/yyyy). Each answers the spec's JSON string
 * holding { result, Messages } or { result, message }. The policy comes through policyForOperation():
 * another person's policy, a missing one and the wrong family all answer the same 404.
 *
 * FirstNoticeOfLoss/{policyId} (phase B) registers here too; until then it is 'NO ROUTE FOR REQUEST'.
 */
export function claimsRoutes(api: Hono<AppEnv>, family: PolicyFamily): void {
  for (const suffix of ['', '/']) {
    api.get(`/GetClaimsMatrix${suffix}`, (c) => getClaimsMatrix(c, family))
    api.get(`/GetPolicySeedDataForClaim${suffix}`, (c) => getSeedData(c, family))
  }
}

/** lossDate as yyyy-mm-dd; undefined when absent, null when present but not a real date. */
function lossDateParam(c: Context<AppEnv>): string | null | undefined {
  const raw = c.req.query('lossDate')?.trim()
  if (!raw) return undefined
  const iso = /^\d{2}\/\d{2}\/\d{4}/.test(raw) ? usToIso(raw) : raw.slice(0, 10)
  return isRealIsoDate(iso) ? iso : null
}

/** The body is a JSON string (the spec's shape), never cached. */
function jsonString(c: Context<AppEnv>, answer: unknown): Response {
  c.header('Cache-Control', 'no-store')
  return c.json(JSON.stringify(answer))
}

async function getClaimsMatrix(c: Context<AppEnv>, family: PolicyFamily): Promise<Response> {
  if (lossDateParam(c) === null) return c.json({ errorMessage: CLAIM_MSG.lossDateInvalid }, 400)
  const policyId = c.req.query('policyId')
  let policy = null
  if (policyId !== undefined) {
    policy = await policyForOperation(c, family, 'GetClaimsMatrix', policyId)
    if (!policy) return c.json(POLICY_NOT_FOUND, 404)
  }
  return jsonString(c, await claimsMatrixAnswer(c.env, family, policy))
}

async function getSeedData(c: Context<AppEnv>, family: PolicyFamily): Promise<Response> {
  const policy = await policyForOperation(c, family, 'GetPolicySeedDataForClaim', c.req.query('policyId'))
  if (!policy) return c.json(POLICY_NOT_FOUND, 404)
  const lossDate = lossDateParam(c)
  if (lossDate === undefined) return c.json({ errorMessage: CLAIM_MSG.lossDateRequired }, 400)
  if (lossDate === null) return c.json({ errorMessage: CLAIM_MSG.lossDateInvalid }, 400)
  return jsonString(c, await claimSeedAnswer(c.env, policy, lossDate))
}
