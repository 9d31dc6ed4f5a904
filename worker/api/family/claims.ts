import type { Context, Hono } from 'hono'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { CLAIM_MSG } from '../../../shared/claims/messages'
import { isRealIsoDate, usToIso } from '../../../shared/claims/dates'
import { policyForOperation, POLICY_NOT_FOUND } from './policy-param'
import { claimSeedAnswer, claimsMatrixAnswer } from '../../services/claim-reference'
import { CLAIM_REFUSAL } from '../../../shared/claims/messages'
import { claimDraftOwner, reportClaim } from '../../services/claim-report'
import { IDEMPOTENCY_HEADER } from '../../middleware/idempotency'
import { setFlash } from '../../services/flash'
import { background } from '../../services/background'
import { claimDraftRoutes } from './claim-drafts'
import { BodyTooLargeError } from '../../middleware/body-limit'

/**
 * GetClaimsMatrix and GetPolicySeedDataForClaim on both families (spec 001 section 7), with the query
 * parameters policyId and lossDate (yyyy-mm-dd, or MM/dd/yyyy). Each answers the spec's JSON string
 * holding { result, Messages } or { result, message }. The policy comes through policyForOperation():
 * another person's policy, a missing one and the wrong family all answer the same 404.
 *
 * FirstNoticeOfLoss/{policyId} (multipart) reports a claim; ClaimDraft/{policyId} (GET, PUT, DELETE)
 * keeps the claim being typed (docs/decisions/103-105).
 */
export function claimsRoutes(api: Hono<AppEnv>, family: PolicyFamily): void {
  for (const suffix of ['', '/']) {
    api.get(`/GetClaimsMatrix${suffix}`, (c) => getClaimsMatrix(c, family))
    api.get(`/GetPolicySeedDataForClaim${suffix}`, (c) => getSeedData(c, family))
  }
  api.post('/FirstNoticeOfLoss/:policyId', (c) => firstNoticeOfLoss(c, family))
  claimDraftRoutes(api, family)
}

/**
 * 200 with the text naming the claim number (text/plain); a browser caller (session cookie) also gets
 * it put on the system-message page, which the island opens next (as e-sign does). Refusals are JSON
 * { errorMessage, fieldErrors? }: 400 invalid claim or file, 403 not allowed on this policy, 413 a file
 * over 10 MB, 415 a file that is not an image or a PDF, 422 the key of another claim.
 */
async function firstNoticeOfLoss(c: Context<AppEnv>, family: PolicyFamily): Promise<Response> {
  const policy = await policyForOperation(c, family, 'FirstNoticeOfLoss', c.req.param('policyId'))
  if (!policy) return c.json(POLICY_NOT_FOUND, 404)
  let form: FormData
  try {
    form = await c.req.formData()
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw err // the app answers 413
    return c.json({ errorMessage: CLAIM_REFUSAL.malformed }, 400)
  }
  // The runtime gives File for file parts; the workers types declare strings only.
  const submissionPart = form.get('claimSubmission') as string | File | null
  const submissionText = typeof submissionPart === 'string' ? submissionPart : submissionPart ? await submissionPart.text() : ''
  const files = (form.getAll('file') as unknown as (string | File)[]).filter((f): f is File => typeof f !== 'string')
  const session = c.get('session')!
  const viaBrowser = c.get('authVia') === 'cookie'
  const outcome = await reportClaim(c.env, background(c), {
    policy,
    submissionText,
    files,
    idempotencyKey: c.req.header(IDEMPOTENCY_HEADER) ?? null,
    sessionId: session.id,
    profileId: session.kind === 'direct' ? session.profileId : null,
    draftOwner: claimDraftOwner(session, policy.policyID),
    channel: viaBrowser ? 'island' : 'api',
    now: Date.now(),
  })
  c.header('Cache-Control', 'no-store')
  if (outcome.status !== 200) return c.json(outcome.body, outcome.status)
  if (viaBrowser) await setFlash(c, { text: outcome.text, isError: false })
  return c.text(outcome.text, 200)
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
