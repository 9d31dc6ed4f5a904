import type { Context } from 'hono'
import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { CLAIM_MSG } from '../../../shared/claims/messages'
import { isRealIsoDate, usToIso } from '../../../shared/claims/dates'
import { policyForOperation, POLICY_NOT_FOUND } from './policy-param'
import { claimSeedAnswer, claimsMatrixAnswer } from '../../services/claim-reference'
import { CLAIM_REFUSAL } from '../../../shared/claims/messages'
import { claimDraftOwner, reportClaim } from '../../services/claim-report'
import { IDEMPOTENCY_HEADER } from '../../middleware/idempotency'
import { REPLAYED_HEADER } from '../../services/idempotency/answers'
import { RATE_RULES } from '../../middleware/rate-limit'
import { setFlash } from '../../services/flash'
import { background } from '../../services/background'
import { claimDraftOperations } from './claim-drafts'
import { BodyTooLargeError, MB } from '../../middleware/body-limit'
import { PROBLEM_TYPES } from '../../../shared/api/problem'
import { defineOperation, problemContent, register } from '../operation'
import { problem } from '../problem'
import { json, PolicyIdParam, text } from '../schemas'

/**
 * GetClaimsMatrix and GetPolicySeedDataForClaim on both families (spec 001 section 7), with the query
 * parameters policyId and lossDate (yyyy-mm-dd, or MM/dd/yyyy). Each answers the spec's JSON string
 * holding { result, Messages } or { result, message }. The policy comes through policyForOperation():
 * another person's policy, a missing one and the wrong family all answer the same 404.
 *
 * FirstNoticeOfLoss/{policyId} (multipart) reports a claim; ClaimDraft/{policyId} (GET, PUT, DELETE)
 * keeps the claim being typed (docs/decisions/103-105).
 */
const lossQuery = z.object({
  policyId: z.string().optional().openapi({ example: 'HO3000001' }),
  lossDate: z.string().optional().openapi({ description: 'yyyy-mm-dd, or MM/dd/yyyy', example: '2026-11-20' }),
})
const specJsonString = json(
  z.string().openapi({ description: 'A JSON text holding { result, Messages } or { result, message } (spec 001).' }),
  'The answer, as the spec gives it.',
)

/** The claim report's multipart body: described for the document, read by the handler as it streams. */
const claimReportBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        required: ['claimSubmission'],
        properties: {
          claimSubmission: { type: 'string' as const, description: 'The claim as JSON (spec 001 section 3).' },
          file: { type: 'array' as const, items: { type: 'string' as const, format: 'binary' }, description: 'Up to 10 photos or PDFs of up to 10 MB each.' },
        },
      },
    },
  },
}

export function claimsOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
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
    { auth: 'session' },
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
    { auth: 'session' },
  )
  register(api, seed, (c) => getSeedData(c, family))

  const report = defineOperation(
    {
      method: 'post',
      path: `/${family}/FirstNoticeOfLoss/{policyId}`,
      operationId: `${family}.FirstNoticeOfLoss`,
      tags: [family, 'claims'],
      summary: 'Report a claim',
      request: { params: PolicyIdParam, body: claimReportBody },
      responses: {
        200: text("The claim number, in the spec's words."),
        415: problemContent('A file that is not a photo or a PDF.'),
      },
    },
    // Up to 10 photos or documents of 10 MB each, plus the form (decision 124); 5 claims per policy an
    // hour, 20 per account a day (decision 164).
    { auth: 'session', rate: RATE_RULES.claimReport, policy: { family, operation: 'FirstNoticeOfLoss' }, bodyLimit: 101 * MB },
  )
  register(api, report, (c) => firstNoticeOfLoss(c))

  claimDraftOperations(api, family)
}

/**
 * 200 with the text naming the claim number (text/plain); a browser caller (session cookie) also gets
 * it put on the system-message page, which the island opens next (as e-sign does). Refusals are JSON
 * { errorMessage, fieldErrors? }: 400 invalid claim or file, 403 not allowed on this policy, 413 a file
 * over 10 MB, 415 a file that is not an image or a PDF, 422 the key of another claim.
 */
async function firstNoticeOfLoss(c: Context<AppEnv>): Promise<Response> {
  const policy = c.get('policy')!
  let form: FormData
  try {
    form = await c.req.formData()
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw err // the app answers 413
    return problem(c, 400, CLAIM_REFUSAL.malformed, { type: PROBLEM_TYPES.malformed })
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
  if (outcome.status !== 200) {
    const { errorMessage, fieldErrors } = outcome.body
    const type = fieldErrors ? PROBLEM_TYPES.invalidBody : outcome.status === 422 ? PROBLEM_TYPES.keyReused : 'about:blank'
    return problem(c, outcome.status, errorMessage, fieldErrors ? { type, errors: fieldErrors } : { type })
  }
  // The system-message page renders markup: the html answer has the file names escaped.
  if (outcome.replayed) c.header(REPLAYED_HEADER, 'true') // the claim this key made earlier: not counted again
  if (viaBrowser) await setFlash(c, { text: outcome.html, isError: false })
  return c.text(outcome.text, 200)
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
