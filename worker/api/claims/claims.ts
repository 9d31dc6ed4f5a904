import type { Context } from 'hono'
import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv, PolicyContext } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { CLAIM_REFUSAL } from '../../../shared/claims/messages'
import { claimDraftOwner, reportClaim } from '../../services/claims/claim-report'
import { IDEMPOTENCY_HEADER } from '../../middleware/idempotency'
import { REPLAYED_HEADER } from '../../services/idempotency/answers'
import { RATE_RULES } from '../../middleware/rate-rules'
import { setFlash } from '../../services/request/flash'
import { background } from '../../lib/background'
import { claimDraftOperations } from './claim-drafts'
import { claimReferenceOperations } from './claim-reference'
import { claimMessageOperations } from './claim-messages'
import { claimAdvanceOperations } from './claim-advances'
import { claimPayoutOperations } from './claim-payout'
import { DEFAULT_BODY_LIMIT, KB } from '../../middleware/body-limit'
import { API_REFUSALS } from '../../middleware/api-refusals'
import { FILE_NAME_HEADER, MAX_CLAIM_COPY_BYTES, MAX_CLAIM_FILES, MAX_CLAIM_FILE_BYTES, UPLOAD_REFUSAL } from '../../../shared/claims/uploads'
import { checkedClientCopy, type ClientCopy } from '../../services/claims/claim-copy'
import { boundaryFree } from '../../services/idempotency/boundary-free'
import { mayReportClaim } from '../../../shared/policy/permissions'
import { uploadClaimFile } from '../../services/claims/claim-upload'
import { kickDrain } from '../../services/outbox/outbox'
import { PROBLEM_TYPES } from '../../../shared/api/problem'
import { defineOperation, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { json, PolicyIdParam, text } from '../schemas'
import { storedIdempotencyKey } from '../../services/idempotency/stored-key'
import { pairedClaimOffer } from '../../services/claims/paired-claims'
import { profileLanguage } from '../../db/identity/profiles'
import { operationLocale } from '../../middleware/session'
import { isProfileSession } from '../../services/identity/session'
import { claimReferenceOf } from '../../../shared/claims/claim-address'

/**
 * The claim operations of a family: GetClaimsMatrix and GetPolicySeedDataForClaim (claim-reference.ts);
 * ClaimFile/{policyId} takes one file, streamed (decision 169); FirstNoticeOfLoss/{policyId} reports a
 * claim naming the files uploaded for it; ClaimDraft/{policyId} (GET, PUT, DELETE) keeps the claim being
 * typed (docs/decisions/103-105).
 */

/**
 * The claim report: the claimSubmission and references to files uploaded before it (ClaimFile, decision
 * 169), as JSON or as the spec's multipart parts (a `fileId` part per file), which may also carry the
 * spec's `file` part: the claim's PDF copy, up to 2 MB, kept beside the portal's own (decision 218).
 * Photos and other files travel on their own.
 */
const claimReportBody = {
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object' as const,
        required: ['claimSubmission'],
        properties: {
          claimSubmission: { type: 'object' as const, description: 'The claim (spec 001 section 3).' },
          fileIds: { type: 'array' as const, maxItems: MAX_CLAIM_FILES, items: { type: 'string' as const }, description: 'Files uploaded with ClaimFile.' },
        },
      },
    },
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        required: ['claimSubmission'],
        properties: {
          claimSubmission: { type: 'string' as const, description: 'The claim as JSON (spec 001 section 3).' },
          fileId: { type: 'array' as const, maxItems: MAX_CLAIM_FILES, items: { type: 'string' as const }, description: 'Files uploaded with ClaimFile.' },
          file: {
            type: 'string' as const,
            format: 'binary',
            description: `The claim's PDF copy (spec 001 section 7), up to ${MAX_CLAIM_COPY_BYTES / (1024 * 1024)} MB, checked as every claim file is and kept with the claim. Photos travel on their own (ClaimFile).`,
          },
        },
      },
    },
  },
}

const fileTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'application/pdf', 'application/octet-stream'] as const
/** One file, as its raw bytes; its type is read from its first bytes (the declared type is not trusted). */
const claimFileBody = {
  required: true,
  content: Object.fromEntries(fileTypes.map((t) => [t, { schema: { type: 'string' as const, format: 'binary' } }])),
}
const claimFileHeaders = z.object({
  [FILE_NAME_HEADER.toLowerCase()]: z.string().optional().openapi({ description: "The file's name, percent-encoded (UTF-8)." }),
  'content-length': z.string().openapi({ description: 'Required: the file is streamed to storage by its length (411 without it).' }),
  [IDEMPOTENCY_HEADER.toLowerCase()]: z.string().optional().openapi({ description: 'A key per file: a retry answers what the first answered.' }),
})
const claimReportQuery = z.object({
  pairedWith: z.string().max(40).optional().openapi({
    description:
      "The claim of the same loss on the profile's other policy of this property (the offer after a storm claim): the two are linked (decision 213).",
  }),
})
const claimFileQuery = z.object({
  claimNumber: z.string().max(40).optional().openapi({ description: 'An open claim of this policy to add the file to (else it waits for the report).' }),
})
const UploadedFileSchema = z
  .object({
    fileId: z.string(),
    name: z.string(),
    contentType: z.string(),
    bytes: z.number().int(),
    sha256: z.string(),
    claimNumber: z.string().optional(),
  })
  .openapi('UploadedClaimFile')

export function claimsOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  claimReferenceOperations(api, family)

  const report = defineOperation(
    {
      method: 'post',
      path: `/${family}/FirstNoticeOfLoss/{policyId}`,
      operationId: `${family}.FirstNoticeOfLoss`,
      tags: [family, 'claims'],
      summary: 'Report a claim',
      request: { params: PolicyIdParam, query: claimReportQuery, body: claimReportBody },
      responses: {
        200: text("The claim number, in the spec's words."),
        409: problemContent('The claim of this loss on this policy was reported from the offer already (pairedWith).'),
        413: problemContent("The body is larger than the report takes: 64 KB, and the PDF copy's 2 MB when it carries one."),
        415: problemContent('A file part that is not a PDF, or a PDF with parts a claim file may not have (decision 204).'),
      },
    },
    // The claim and up to 10 file references, and the spec's PDF copy (decision 218): the default body
    // limit plus the copy's; 5 claims per policy an hour, 20 per account a day (decision 164); open to a claim session (decision 220).
    {
      auth: 'session',
      rate: RATE_RULES.claimReport,
      policy: { family, operation: 'FirstNoticeOfLoss' },
      // Only a multipart body may carry the copy: a JSON report over the default is refused before anything else.
      bodyLimit: (contentType) => (/^multipart\/form-data\b/i.test(contentType) ? MAX_CLAIM_COPY_BYTES + DEFAULT_BODY_LIMIT : DEFAULT_BODY_LIMIT),
      // A retry of the spec's multipart body, built again with a new boundary, is the same request.
      idempotency: { hashBody: boundaryFree },
      claimSession: true,
    },
  )
  register(api, report, (c, granted) => firstNoticeOfLoss(c, granted))

  const file = defineOperation(
    {
      method: 'post',
      path: `/${family}/ClaimFile/{policyId}`,
      operationId: `${family}.ClaimFile`,
      tags: [family, 'claims'],
      summary: 'Upload one photo or PDF for a claim being reported, or add it to an open claim',
      request: { params: PolicyIdParam, query: claimFileQuery, headers: claimFileHeaders, body: claimFileBody },
      responses: {
        201: json(UploadedFileSchema, 'The file is stored: name it in the claim report by its fileId.'),
        409: problemContent('The claim is closed, or a request with this Idempotency-Key is still running.'),
        411: problemContent('No Content-Length.'),
        415: problemContent('A file that is not a photo or a PDF, or a PDF with scripts.'),
      },
    },
    // One file of up to 10 MB, streamed (the little over it: a 413 naming the file, from the handler).
    {
      auth: 'session',
      rate: RATE_RULES.claimFile,
      policy: { family, operation: 'ClaimFile', refusal: (p) => (mayReportClaim(p) ? null : CLAIM_REFUSAL.notAllowed) },
      bodyLimit: MAX_CLAIM_FILE_BYTES + 64 * KB,
      rawBody: true,
      claimSession: true,
    },
  )
  register(api, file, (c, granted) => claimFile(c, granted))

  claimDraftOperations(api, family)
  claimMessageOperations(api, family)
  claimAdvanceOperations(api, family)
  claimPayoutOperations(api, family)
}

interface ReportParts {
  submissionText: string
  fileIds: unknown[]
  /** The spec's `file` part, checked (decision 218). */
  clientCopy: ClientCopy | null
}

/**
 * The report's parts: the submission's JSON text and the file references, from a JSON or a multipart
 * body, and the PDF copy of a multipart body. Only the copy gets more than the default body limit.
 */
async function reportParts(c: Context<AppEnv>): Promise<ReportParts | Response> {
  const malformed = () => problem(c, 400, CLAIM_REFUSAL.malformed, { type: PROBLEM_TYPES.malformed })
  const type = c.req.header('Content-Type') ?? ''
  const bodyBytes = (await c.req.arrayBuffer()).byteLength
  if (/^application\/json/i.test(type)) {
    if (bodyBytes > DEFAULT_BODY_LIMIT) return API_REFUSALS.tooLarge(c)
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return malformed()
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return malformed()
    const { claimSubmission, fileIds = [] } = body as { claimSubmission?: unknown; fileIds?: unknown }
    if (claimSubmission === undefined || !Array.isArray(fileIds)) {
      // Field by field, in the words of every other /v1 body (shared/forms/plain-issues.ts).
      const errors = {
        ...(claimSubmission === undefined ? { claimSubmission: 'This field is required.' } : {}),
        ...(Array.isArray(fileIds) ? {} : { fileIds: 'This field must be a list.' }),
      }
      return problem(c, 400, Object.values(errors)[0]!, { type: PROBLEM_TYPES.invalidBody, errors })
    }
    const submissionText = typeof claimSubmission === 'string' ? claimSubmission : claimSubmission === undefined ? '' : JSON.stringify(claimSubmission)
    return { submissionText, fileIds, clientCopy: null }
  }
  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    return malformed()
  }
  // The runtime gives File for file parts; the workers types declare strings only.
  const parts = form as unknown as { get(n: string): string | File | null; getAll(n: string): (string | File)[] }
  const files = parts.getAll('file')
  if (files.length > 1) return problem(c, 400, UPLOAD_REFUSAL.oneCopy, { type: PROBLEM_TYPES.malformed })
  const [file] = files
  if (file === undefined && bodyBytes > DEFAULT_BODY_LIMIT) return API_REFUSALS.tooLarge(c)
  // A file part sent as a plain field (no filename) is not a copy: refused as one that is not a PDF.
  const clientCopy =
    file === undefined
      ? null
      : typeof file === 'string'
        ? await checkedClientCopy('file', new TextEncoder().encode(file))
        : await checkedClientCopy(file.name, new Uint8Array(await file.arrayBuffer()))
  if (clientCopy && 'errorMessage' in clientCopy) return problem(c, clientCopy.status, clientCopy.errorMessage)
  const submissionPart = parts.get('claimSubmission')
  const submissionText = typeof submissionPart === 'string' ? submissionPart : submissionPart ? await submissionPart.text() : ''
  return { submissionText, fileIds: parts.getAll('fileId'), clientCopy }
}

/**
 * 200 with the text naming the claim number (text/plain); a browser caller (session cookie) also gets
 * it put on the system-message page, which the island opens next (as e-sign does). Refusals are
 * problems: 400 invalid claim or file reference, 403 not allowed on this policy, 422 the key of another claim.
 */
async function firstNoticeOfLoss(c: Context<AppEnv>, { session, policy }: PolicyContext): Promise<Response> {
  const parts = await reportParts(c)
  if (parts instanceof Response) return parts
  const viaBrowser = c.get('authVia') === 'cookie'
  const paired = c.req.query('pairedWith')
  const pairedNumber = paired === undefined ? null : (claimReferenceOf(paired) ?? '')
  const pairedWith =
    pairedNumber === null ? null : { claimNumber: pairedNumber, offer: pairedNumber ? await pairedClaimOffer(c.env, session, pairedNumber) : null }
  const outcome = await reportClaim(c.env, background(c), {
    policy,
    submissionText: parts.submissionText,
    fileIds: parts.fileIds,
    clientCopy: parts.clientCopy,
    idempotencyKey: await storedIdempotencyKey(c.env, c.req.header(IDEMPOTENCY_HEADER)),
    sessionId: session.id,
    profileId: session.kind === 'direct' ? session.profileId : null,
    draftOwner: claimDraftOwner(session, policy.policyID),
    channel: viaBrowser ? 'island' : 'api',
    now: Date.now(),
    pairedWith,
    // Issue 36: the answer and the PDF copy in the page's language; the mail in the person's (the profile's
    // when signed in, else the request's: a claim reported without signing in has no profile).
    locale: operationLocale(c),
    mailLocale: isProfileSession(session) ? await profileLanguage(c.env.DB, session.profileId) : operationLocale(c),
  })
  c.header('Cache-Control', 'no-store')
  if (outcome.status !== 200) {
    const { errorMessage, fieldErrors } = outcome.body
    const type = fieldErrors ? PROBLEM_TYPES.invalidBody : outcome.status === 422 ? PROBLEM_TYPES.keyReused : 'about:blank'
    return problem(c, outcome.status, errorMessage, fieldErrors ? { type, errors: fieldErrors } : { type })
  }
  // The system-message page renders markup: the html answer has the file names escaped.
  if (outcome.replayed) c.header(REPLAYED_HEADER, 'true') // the claim this key made earlier: not counted again
  if (viaBrowser) await setFlash(c, { text: outcome.html, isError: false, claimFollowUp: outcome.followUp })
  return c.text(outcome.text, 200)
}

/** One file, streamed to storage (decision 169): 201 { fileId, name, contentType, bytes, sha256 }. */
async function claimFile(c: Context<AppEnv>, { session, policy }: PolicyContext): Promise<Response> {
  const declared = c.req.header('Content-Length')
  const length = declared !== undefined && /^\d{1,12}$/.test(declared) ? Number(declared) : null
  let rawName = c.req.header(FILE_NAME_HEADER) ?? 'file'
  try {
    rawName = decodeURIComponent(rawName)
  } catch {
    // not percent-encoded after all: shown as sent (displayName cleans it)
  }
  const claimNumber = c.req.query('claimNumber')?.trim().toUpperCase() || null
  // A claim session (decision 220) sends photos with the claim it reports, never to an open claim.
  if (claimNumber && session.kind === 'claim') return problem(c, 403, CLAIM_REFUSAL.notAllowed)
  const outcome = await uploadClaimFile(c.env, {
    policyId: policy.policyID,
    owner: claimDraftOwner(session, policy.policyID),
    rawName,
    length,
    body: c.req.raw.body as ReadableStream<Uint8Array> | null,
    claimNumber,
    now: Date.now(),
    tap: c.get('requestBodyTap'),
  })
  c.header('Cache-Control', 'no-store')
  if (outcome.status !== 201) return problem(c, outcome.status, outcome.errorMessage)
  if (claimNumber) await kickDrain(c.env, background(c), { channels: ['claim-document'] })
  return c.json(outcome.upload, 201)
}
