import type { Env } from '../env'
import { isDeployed } from '../env'
import type { Policy } from '../../shared/schemas/policy'
import { localDate, localDateTime } from '../../shared/clock'
import { mayReportClaim } from '../../shared/policy/permissions'
import { CLAIM_REFUSAL, FLOOD_BALANCE_MESSAGE, claimReportedText } from '../../shared/claims/messages'
import { floodClaimBlocked } from '../../shared/claims/policy-facts'
import { reportTimestamp, usToIso } from '../../shared/claims/dates'
import { MAX_CLAIM_FILES, MAX_CLAIM_FILE_BYTES, UPLOAD_MSG, displayName, sniffClaimFileType, storageName } from '../../shared/claims/uploads'
import { claimFieldErrors } from '../../shared/schemas/claim-fields'
import { floodClaimSchema, type FloodClaimSubmission } from '../../shared/schemas/claim-flood'
import { homeownersClaimSchema, type HomeownersClaimSubmission } from '../../shared/schemas/claim-homeowners'
import { claimByKey, claimWriteStatements, lastClaimNumber, type NewClaimFile } from '../db/claim-records'
import { claimsMatrixAnswer } from './claim-reference'
import { renderClaimPdf } from './claim-pdf'
import { enqueue, kickDrain, type Background } from './outbox'
import { claimReportedMail } from '../integrations/mail/templates'
import { KEY_REUSED_MESSAGE } from '../../shared/api/problem'
import { log } from './log'
import { findCardNumberField } from '../../shared/payments/pan'
import { CARD_NUMBER_REFUSED } from './payment-card-guard'
import { hexOf, sha256Hex } from './sha256'
import { isUniqueViolation } from '../db/unique-violation'

/**
 * First notice of loss (issue 10 phase B, docs/decisions/103-104): the claim is validated with the
 * island's own schema, its files are checked by content and written to R2 under a prefix derived from
 * the policy and the idempotency key (a retry overwrites the same objects), the PDF copy is rendered
 * with the claim number, then ONE D1 batch writes the counter, the claim, its files, the draft's
 * deletion and the confirmation email's outbox row. The /v1 idempotency middleware answers repeats;
 * UNIQUE(policy_id, idempotency_key) is the second line when its stored answer is gone.
 */

export interface ReportClaimInput {
  policy: Policy
  /** The raw claimSubmission part. */
  submissionText: string
  files: readonly File[]
  /** The Idempotency-Key header; without one, every request is a new claim. */
  idempotencyKey: string | null
  sessionId: string
  profileId: string | null
  /** Whose draft the claim replaces (claimDraftOwner). */
  draftOwner: string
  channel: 'island' | 'api'
  now: number
}

export type ReportClaimOutcome =
  | { status: 200; text: string; claimNumber: string; replayed: boolean }
  | { status: 400 | 403 | 413 | 415 | 422; body: { errorMessage: string; fieldErrors?: Record<string, string> } }

type Submission = FloodClaimSubmission | HomeownersClaimSubmission

/** How many times a claim number taken by a parallel claim is replaced by the next one. */
const NUMBER_ATTEMPTS = 10

const refuse = (status: 400 | 403 | 413 | 415 | 422, errorMessage: string, fieldErrors?: Record<string, string>): ReportClaimOutcome => ({
  status,
  body: fieldErrors ? { errorMessage, fieldErrors } : { errorMessage },
})

/** The draft of a claim belongs to the profile (direct login) or, for SSO, to the policy (decision 100). */
export function claimDraftOwner(session: { kind: 'direct' | 'sso'; profileId: string | null }, policyId: string): string {
  return session.kind === 'direct' && session.profileId ? `profile:${session.profileId}` : `sso:${policyId}`
}

export async function reportClaim(env: Env, background: Background | null, input: ReportClaimInput): Promise<ReportClaimOutcome> {
  const { policy, now } = input
  if (!mayReportClaim(policy)) return refuse(403, CLAIM_REFUSAL.notAllowed)
  if (floodClaimBlocked(policy)) return refuse(403, FLOOD_BALANCE_MESSAGE)

  const parsed = parseSubmission(policy, input.submissionText, now)
  if ('refusal' in parsed) return parsed.refusal
  const submission = { ...parsed.submission, dateClaimReported: reportTimestamp(now, policy.state) }

  let peril = 'Flood'
  let detailedCause = ''
  if ('perilMappingId' in submission) {
    const row = (await claimsMatrixAnswer(env, 'homeowners', policy)).result.find((r) => r.Id === submission.perilMappingId)
    if (!row) return refuse(400, CLAIM_REFUSAL.unknownCause, { perilMappingId: CLAIM_REFUSAL.unknownCause })
    peril = row.PerilDescription
    detailedCause = row.SubPerilDescription
  }

  const files = await checkedFiles(input.files)
  if ('refusal' in files) return files.refusal

  const requestHash = await sha256Hex(JSON.stringify({ s: { ...submission, dateClaimReported: '' }, f: files.map((f) => f.sha256) }))
  const key = input.idempotencyKey ?? `none:${crypto.randomUUID()}`
  const earlier = await replayOf(env, policy.policyID, key, requestHash)
  if (earlier) return earlier

  // R2 first, under a prefix fixed by (policy, key): a retry after a crash overwrites these objects.
  const prefix = `claims/${policy.policyID}/${(await sha256Hex(`${policy.policyID}\n${key}`)).slice(0, 32)}/`
  const stored: NewClaimFile[] = []
  for (const [i, f] of files.entries()) {
    const r2Key = `${prefix}files/${i + 1}-${storageName(f.name)}`
    await env.DOCS.put(r2Key, f.file as never, { httpMetadata: { contentType: f.type }, customMetadata: { policyId: policy.policyID } })
    stored.push({ position: i + 1, r2Key, fileName: f.name, contentType: f.type, sizeBytes: f.file.size, sha256: f.sha256 })
  }
  const fileNames = files.map((f) => f.name)
  const claimPrefix = policy.isFlood ? 'FL' : 'HO'
  const year = Number(localDate(now, policy.state).slice(0, 4))
  const lossDate = usToIso(submission.lossDate.slice(0, 10))
  const pdfKey = `${prefix}claim.pdf`

  for (let attempt = 1; ; attempt++) {
    const number = (await lastClaimNumber(env.DB, claimPrefix, year)) + 1
    const claimNumber = `${claimPrefix}-${year}-${String(number).padStart(6, '0')}`
    const text = claimReportedText(claimNumber, fileNames)
    const pdf = await renderClaimPdf({ claimNumber, peril, detailedCause, submission, fileNames, reportedAt: now })
    await env.DOCS.put(pdfKey, pdf, { httpMetadata: { contentType: 'application/pdf' }, customMetadata: { policyId: policy.policyID, claimNumber } })
    const statements = claimWriteStatements(
      env.DB,
      {
        claimNumber,
        prefix: claimPrefix,
        year,
        number,
        policyId: policy.policyID,
        family: policy.isFlood ? 'flood' : 'homeowners',
        sessionId: input.sessionId,
        profileId: input.profileId,
        channel: input.channel,
        idempotencyKey: key,
        requestHash,
        lossDate,
        peril,
        submission: JSON.stringify(submission),
        pdfKey,
        answerText: text,
        createdAt: now,
      },
      stored,
      input.draftOwner,
    )
    statements.push(
      enqueue(env.DB, {
        channel: 'mail',
        payload: claimReportedMail(submission.emailAddress, {
          claimNumber,
          policyId: policy.policyID,
          lossDate: submission.lossDate,
          peril,
          fileNames,
          claimsPhone: env.CLAIMS_PHONE,
        }),
        dedupeKey: `claim-reported:${claimNumber}`,
        at: now,
      }),
    )
    try {
      await env.DB.batch(statements)
    } catch (err) {
      const again = await replayOf(env, policy.policyID, key, requestHash)
      if (again) return again
      // The number (or the key) was taken by a parallel claim; any other refusal fails at once (503).
      if (!isUniqueViolation(err) || attempt >= NUMBER_ATTEMPTS) throw err
      log('warn', 'claim number taken by a parallel claim, taking the next', { policyId: policy.policyID, claimNumber })
      continue
    }
    log('info', 'claim reported', { policyId: policy.policyID, claimNumber, files: stored.length, channel: input.channel })
    await kickDrain(env, isDeployed(env) ? background : null, { channels: ['mail'] })
    return { status: 200, text, claimNumber, replayed: false }
  }
}

function parseSubmission(policy: Policy, text: string, now: number): { submission: Submission } | { refusal: ReportClaimOutcome } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { refusal: refuse(400, CLAIM_REFUSAL.malformed) }
  }
  // The /v1 card guard leaves multipart bodies to their handler: the submission's DECODED fields are judged
  // here by the guard's rule, before the claim, its PDF or its email could hold a card number.
  const cardField = findCardNumberField(json)
  if (cardField) {
    log('warn', 'card number refused', { policyId: policy.policyID, part: 'claimSubmission', field: cardField.slice(0, 80) })
    return { refusal: refuse(400, CARD_NUMBER_REFUSED.errorMessage, { [cardField]: CARD_NUMBER_REFUSED.errorMessage }) }
  }
  const result = policy.isFlood
    ? floodClaimSchema({ now: localDateTime(now, policy.state) }).safeParse(json)
    : homeownersClaimSchema({ today: localDate(now, policy.state) }).safeParse(json)
  if (!result.success) return { refusal: refuse(400, CLAIM_REFUSAL.invalid, claimFieldErrors(result.error)) }
  if (result.data.policyId.toUpperCase() !== policy.policyID.toUpperCase()) return { refusal: refuse(400, CLAIM_REFUSAL.policyMismatch) }
  return { submission: result.data }
}

interface CheckedFile {
  name: string
  type: string
  /** The part itself: read by R2 as it writes, never copied into another buffer here. */
  file: File
  sha256: string
}

/**
 * Count, size and content type (by the first bytes) of every file part; the first problem refuses them
 * all. Only the first 16 bytes are read to type a file, and the hash streams: a claim with 10 photos
 * of 10 MB must not hold them twice more in the worker's 128 MB.
 */
async function checkedFiles(files: readonly File[]): Promise<CheckedFile[] | { refusal: ReportClaimOutcome }> {
  if (files.length > MAX_CLAIM_FILES) return { refusal: refuse(400, UPLOAD_MSG.tooMany) }
  const out: CheckedFile[] = []
  for (const file of files) {
    const name = displayName(file.name)
    if (file.size > MAX_CLAIM_FILE_BYTES) return { refusal: refuse(413, UPLOAD_MSG.tooBig(name)) }
    if (file.size === 0) return { refusal: refuse(400, UPLOAD_MSG.empty(name)) }
    const type = sniffClaimFileType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
    if (!type) return { refusal: refuse(415, UPLOAD_MSG.wrongType(name)) }
    out.push({ name, type, file, sha256: await streamedSha256(file) })
  }
  return out
}

async function streamedSha256(file: File): Promise<string> {
  const digest = new crypto.DigestStream('SHA-256')
  await (file.stream() as unknown as ReadableStream<Uint8Array>).pipeTo(digest as unknown as WritableStream<Uint8Array>)
  return hexOf(new Uint8Array(await digest.digest))
}

/** The answer of the claim already made with this key (the same request), or a 422 for another request. */
async function replayOf(env: Env, policyId: string, key: string, requestHash: string): Promise<ReportClaimOutcome | null> {
  const row = await claimByKey(env.DB, policyId, key)
  if (!row) return null
  if (row.request_hash !== requestHash) return refuse(422, KEY_REUSED_MESSAGE)
  return { status: 200, text: row.answer_text, claimNumber: row.claim_number, replayed: true }
}
