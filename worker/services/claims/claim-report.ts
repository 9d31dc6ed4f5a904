import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { localDate, localDateTime } from '../../../shared/clock'
import { mayReportClaim } from '../../../shared/policy/permissions'
import { CLAIM_REFUSAL, FLOOD_BALANCE_MESSAGE, claimReportedHtml, claimReportedText } from '../../../shared/claims/messages'
import { floodClaimBlocked } from '../../../shared/claims/policy-facts'
import { reportTimestamp, usToIso } from '../../../shared/claims/dates'
import { MAX_CLAIM_FILES, UPLOAD_MSG, UPLOAD_REFUSAL } from '../../../shared/claims/uploads'
import { claimFieldErrors } from '../../../shared/claims/schemas/claim-fields'
import { floodClaimSchema, type FloodClaimSubmission } from '../../../shared/claims/schemas/claim-flood'
import { homeownersClaimSchema, type HomeownersClaimSubmission } from '../../../shared/claims/schemas/claim-homeowners'
import { claimByKey, claimFileNames, claimWriteStatements, type NewClaimFile, type NumberPlaceholder } from '../../db/claims/claim-records'
import { uploadsByIds, type ClaimUploadRow } from '../../db/claims/claim-uploads'
import { confirmationMessages, confirmationRecipients } from './claim-confirmation'
import { claimsMatrixAnswer } from './claim-reference'
import { renderClaimPdf } from './claim-pdf'
import type { ClientCopy } from './claim-copy'
import { kickDrain, type Background } from '../outbox/outbox'
import { claimNoticeMessage } from './claim-notice'
import { asksForVendor, vendorDispatchMessage } from './vendor-dispatch'
import { requestedDispatchStatement } from '../../db/claims/vendor-dispatches'
import { KEY_REUSED_MESSAGE } from '../../../shared/api/problem'
import { log } from '../../lib/log'
import { claimFollowUpOf, type ClaimFollowUp } from '../../../shared/claims/follow-up/reported-follow-up'
import { sha256Hex } from '../../lib/sha256'
import { isUniqueViolation } from '../../db/unique-violation'
import { claimLinkMessages, type PairedOffer } from './paired-claims'
import { linkedClaimOnPolicy, newLinkStatements } from '../../db/claims/claim-links'
import { PAIRED_TEXT } from '../../../shared/claims/paired/paired-text'
import type { Locale } from '../../../shared/i18n/locale'
import { claimReportedTexts } from '../../../shared/claims/texts/claim-reported'

/**
 * First notice of loss (issue 10 phase B, docs/decisions/103-104, 164, 169): the claim is validated with
 * the island's own schema, the files it names are uploads of this policy and owner not yet attached
 * (each uploaded before, checked by content: ClaimFile), then ONE D1 batch takes the claim number from
 * the counter and writes the claim, its files (copied from the uploads, which it marks attached), the
 * draft's deletion and the outbox rows; the PDF copy (under a prefix derived from the policy and the
 * idempotency key) is rendered with the number the batch took. The /v1
 * idempotency middleware answers repeats; UNIQUE(policy_id, idempotency_key) is the second line when
 * its stored answer is gone.
 */

export interface ReportClaimInput {
  policy: Policy
  /** The raw claimSubmission part. */
  submissionText: string
  /** The fileIds of ClaimFile uploads (as sent: anything not a string is refused). */
  fileIds: readonly unknown[]
  /** The spec's `file` part, the client's PDF copy, checked (claim-copy.ts); null when none was sent. */
  clientCopy?: ClientCopy | null
  /** The Idempotency-Key header; without one, every request is a new claim. */
  idempotencyKey: string | null
  sessionId: string
  profileId: string | null
  /** Whose draft the claim replaces (claimDraftOwner). */
  draftOwner: string
  channel: 'island' | 'api'
  now: number
  /** The language the claim is reported in (issue 36): the success page's answer and the PDF copy; English when not told. */
  locale?: Locale
  /** The confirmation mail's language: the person's (their profile's); the report's when not told. */
  mailLocale?: Locale
  /**
   * Reported from the offer after claim `claimNumber` on the person's other policy of the property
   * (decision 213), with that offer as the caller found it for this session (null: none); null otherwise.
   */
  pairedWith?: { claimNumber: string; offer: PairedOffer | null } | null
}

export type ReportClaimOutcome =
  /** `html` is the same answer for the system-message page (claimReportedHtml). */
  /** `followUp`: what the success page says after the answer (issue 32 item 6), for the browser's system message. */
  | { status: 200; text: string; html: string; claimNumber: string; replayed: boolean; followUp?: ClaimFollowUp }
  | { status: 400 | 403 | 409 | 422; body: { errorMessage: string; fieldErrors?: Record<string, string> } }

type Submission = FloodClaimSubmission | HomeownersClaimSubmission

/** A claim's answer with its success page's follow-up (the link, what happens next, the emergency help asked for). */
function withFollowUp(outcome: ReportClaimOutcome, submission: Submission): ReportClaimOutcome {
  return outcome.status === 200 ? { ...outcome, followUp: claimFollowUpOf(outcome.claimNumber, submission) } : outcome
}

const refuse = (status: 400 | 403 | 409 | 422, errorMessage: string, fieldErrors?: Record<string, string>): ReportClaimOutcome => ({
  status,
  body: fieldErrors ? { errorMessage, fieldErrors } : { errorMessage },
})

/**
 * The draft of a claim belongs to the profile (direct login) or, for SSO, to the policy (decision 100);
 * a claim session's (decision 220) to that session alone: knowing a policy's name and ZIP code must not
 * open a draft someone else typed.
 */
export function claimDraftOwner(session: { id: string; kind: 'direct' | 'sso' | 'claim'; profileId: string | null }, policyId: string): string {
  if (session.kind === 'claim') return `claim-session:${session.id}`
  return session.kind === 'direct' && session.profileId ? `profile:${session.profileId}` : `sso:${policyId}`
}

export async function reportClaim(env: Env, background: Background | null, input: ReportClaimInput): Promise<ReportClaimOutcome> {
  const { policy, now } = input
  const locale = input.locale ?? 'en'
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

  if (input.fileIds.length > MAX_CLAIM_FILES) return refuse(400, UPLOAD_MSG.tooMany)
  if (!input.fileIds.every((id): id is string => typeof id === 'string')) return refuse(400, UPLOAD_REFUSAL.unknownReference('(not a fileId)'))
  const fileIds = input.fileIds

  const pairedWith = input.pairedWith ?? null
  const clientCopy = input.clientCopy ?? null
  const requestHash = await sha256Hex(
    JSON.stringify({
      s: { ...submission, dateClaimReported: '' },
      f: fileIds,
      ...(pairedWith ? { p: pairedWith.claimNumber } : {}),
      ...(clientCopy ? { c: clientCopy.sha256 } : {}),
    }),
  )
  const key = input.idempotencyKey ?? `none:${crypto.randomUUID()}`
  // The PDF copy under a prefix fixed by (policy, key): a retry after a crash overwrites it.
  const prefix = `claims/${policy.policyID}/${(await sha256Hex(`${policy.policyID}\n${key}`)).slice(0, 32)}/`
  const pdfKey = `${prefix}claim.pdf`
  // The client's own copy, beside the portal's (decision 218).
  const clientCopyKey = `${prefix}client-copy.pdf`
  const earlier = await replayOf(env, policy.policyID, key, requestHash, locale)
  if (earlier?.status === 200) {
    if (clientCopy && !(await env.DOCS.head(clientCopyKey))) await putClientCopy(env, policy.policyID, clientCopyKey, clientCopy, earlier.claimNumber)
    const names = await claimFileNames(env.DB, earlier.claimNumber)
    return withFollowUp(
      await withPdfCopy(env, earlier, policy.policyID, pdfKey, { peril, detailedCause, submission, fileNames: names, reportedAt: now, locale }),
      submission,
    )
  }
  if (earlier) return earlier
  const first = pairedWith ? firstOfPair(pairedWith.offer, policy) : null
  if (first && 'refusal' in first) return first.refusal

  const uploads = await attachableUploads(env, fileIds, policy.policyID, input.draftOwner)
  if ('errorMessage' in uploads) return refuse(400, uploads.errorMessage)
  const copy = { peril, detailedCause, submission, fileNames: uploads.map((u) => u.name), reportedAt: now, locale }
  const stored: NewClaimFile[] = uploads.map((u, i) => ({
    position: i + 1,
    r2Key: u.r2_key,
    fileName: u.name,
    contentType: u.content_type,
    sizeBytes: u.size,
    sha256: u.sha256,
  }))
  const placeholder: NumberPlaceholder = { token: `{{claim-number:${crypto.randomUUID()}}}` }
  const recipients = await confirmationRecipients(env, policy, input.profileId, submission.emailAddress)
  const vendor = asksForVendor(submission)
  const statements = claimWriteStatements(
    env.DB,
    {
      prefix: policy.isFlood ? 'FL' : 'HO',
      year: Number(localDate(now, policy.state).slice(0, 4)),
      policyId: policy.policyID,
      family: policy.isFlood ? 'flood' : 'homeowners',
      sessionId: input.sessionId,
      profileId: input.profileId,
      channel: input.channel,
      idempotencyKey: key,
      requestHash,
      lossDate: usToIso(submission.lossDate.slice(0, 10)),
      peril,
      submission: JSON.stringify(submission),
      pdfKey,
      answerText: claimReportedText(placeholder.token, copy.fileNames),
      createdAt: now,
    },
    stored,
    [
      ...confirmationMessages(recipients, placeholder, {
        policyId: policy.policyID,
        lossDate: submission.lossDate,
        peril,
        fileCount: uploads.length,
        claimsPhone: env.CLAIMS_PHONE,
        portalBaseUrl: env.PORTAL_BASE_URL,
        at: now,
        locale: input.mailLocale ?? locale,
      }),
      // The claims system hears of the claim through the outbox, queued with the claim (issue 19).
      claimNoticeMessage(placeholder, now),
      // The National Vendor the policyholder asked for is dispatched through the outbox too (decision 170).
      ...(vendor ? [vendorDispatchMessage(placeholder, now)] : []),
      // Each claims system hears of the other claim of the same loss (decision 213).
      ...(first ? claimLinkMessages(placeholder, first.claimNumber, now) : []),
    ],
    input.draftOwner,
    placeholder,
    fileIds,
  )
  // The dispatch's 'requested' row, in the same batch (after the claim row it reads its number from).
  if (vendor) statements.push(requestedDispatchStatement(env.DB, policy.policyID, key, now))
  if (first) statements.push(...newLinkStatements(env.DB, { policyId: policy.policyID, idempotencyKey: key, first, now }))
  let claimNumber: string
  try {
    const results = await env.DB.batch<{ claim_number: string }>(statements)
    claimNumber = results[1]!.results[0]!.claim_number
  } catch (err) {
    // The same key from a parallel request won the race: answer its claim (or 422 for another request);
    // or a file was attached by another claim meanwhile (claim_files.r2_key is unique): say which.
    if (!isUniqueViolation(err)) throw err
    const again = await replayOf(env, policy.policyID, key, requestHash, locale)
    if (again) return withFollowUp(again, submission)
    // Another report of the other claim, with another key, was linked first: this one makes nothing.
    const linked = first ? await linkedClaimOnPolicy(env.DB, first.claimNumber, policy.policyID) : null
    if (linked) return refuse(409, PAIRED_TEXT.refusedLinked(linked))
    const current = await attachableUploads(env, fileIds, policy.policyID, input.draftOwner)
    if ('errorMessage' in current) return refuse(400, current.errorMessage)
    throw err
  }
  await putPdfCopy(env, policy.policyID, pdfKey, { ...copy, claimNumber })
  if (clientCopy) await putClientCopy(env, policy.policyID, clientCopyKey, clientCopy, claimNumber)
  log('info', 'claim reported', {
    policyId: policy.policyID,
    claimNumber,
    files: stored.length,
    channel: input.channel,
    ...(clientCopy ? { clientCopyBytes: clientCopy.bytes.byteLength } : {}),
  })
  await kickDrain(env, background, { channels: ['mail'] })
  return {
    status: 200,
    text: claimReportedText(claimNumber, copy.fileNames),
    html: claimReportedHtml(claimNumber, copy.fileNames, claimReportedTexts[locale]),
    claimNumber,
    replayed: false,
    followUp: claimFollowUpOf(claimNumber, submission),
  }
}

/** The first claim of the pair this report links to, or why it cannot: not the person's offer for this policy, or linked already. */
function firstOfPair(offer: PairedOffer | null, policy: Policy): { claimNumber: string; policyId: string } | { refusal: ReportClaimOutcome } {
  if (offer?.toPolicy.policyID !== policy.policyID) return { refusal: refuse(400, PAIRED_TEXT.refusedNotPaired) }
  if (offer.kind === 'linked') return { refusal: refuse(409, PAIRED_TEXT.refusedLinked(offer.linkedClaimNumber)) }
  return { claimNumber: offer.claimNumber, policyId: offer.fromPolicy.policyID }
}

/**
 * The uploads the claim names, in its order: each one of this policy and owner (else it is unknown: the
 * same answer as a missing one, so another person's ids tell nothing), named once, not yet attached.
 */
async function attachableUploads(env: Env, ids: readonly string[], policyId: string, owner: string): Promise<ClaimUploadRow[] | { errorMessage: string }> {
  const rows = new Map((await uploadsByIds(env.DB, ids)).map((r) => [r.id, r]))
  const seen = new Set<string>()
  const out: ClaimUploadRow[] = []
  for (const id of ids) {
    const row = rows.get(id)
    const shown = id.slice(0, 60)
    if (!row || row.policy_id !== policyId || row.owner !== owner) return { errorMessage: UPLOAD_REFUSAL.unknownReference(shown) }
    if (row.claim_number !== null || seen.has(id)) return { errorMessage: UPLOAD_REFUSAL.referenceUsed(row.name) }
    seen.add(id)
    out.push(row)
  }
  return out
}

type PdfCopy = Omit<Parameters<typeof renderClaimPdf>[0], 'claimNumber'>

async function putPdfCopy(env: Env, policyId: string, pdfKey: string, c: PdfCopy & { claimNumber: string }): Promise<void> {
  const pdf = await renderClaimPdf(c)
  await env.DOCS.put(pdfKey, pdf, {
    httpMetadata: { contentType: 'application/pdf', contentDisposition: `attachment; filename="${c.claimNumber}.pdf"` },
    customMetadata: { policyId, claimNumber: c.claimNumber },
  })
}

/**
 * The PDF copy the client sent (spec 001 section 7), kept as sent beside the portal's copy, which stays
 * the one the portal renders from what it validated; never served inline (decision 164).
 */
async function putClientCopy(env: Env, policyId: string, key: string, copy: ClientCopy, claimNumber: string): Promise<void> {
  await env.DOCS.put(key, copy.bytes, {
    httpMetadata: { contentType: 'application/pdf', contentDisposition: `attachment; filename="${claimNumber}-client-copy.pdf"` },
    customMetadata: { policyId, claimNumber, sha256: copy.sha256, source: 'client' },
  })
}

/** A replayed claim whose worker died between its batch and its PDF copy gets the copy now. */
async function withPdfCopy(
  env: Env,
  earlier: ReportClaimOutcome & { status: 200 },
  policyId: string,
  pdfKey: string,
  copy: PdfCopy,
): Promise<ReportClaimOutcome> {
  if (!(await env.DOCS.head(pdfKey))) await putPdfCopy(env, policyId, pdfKey, { ...copy, claimNumber: earlier.claimNumber })
  return earlier
}

function parseSubmission(policy: Policy, text: string, now: number): { submission: Submission } | { refusal: ReportClaimOutcome } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { refusal: refuse(400, CLAIM_REFUSAL.malformed, { claimSubmission: CLAIM_REFUSAL.malformed }) }
  }
  const result = policy.isFlood
    ? floodClaimSchema({ now: localDateTime(now, policy.state) }).safeParse(json)
    : homeownersClaimSchema({ today: localDate(now, policy.state) }).safeParse(json)
  if (!result.success) return { refusal: refuse(400, CLAIM_REFUSAL.invalid, claimFieldErrors(result.error)) }
  if (result.data.policyId.toUpperCase() !== policy.policyID.toUpperCase()) return { refusal: refuse(400, CLAIM_REFUSAL.policyMismatch) }
  return { submission: result.data }
}

/** The answer of the claim already made with this key (the same request), or a 422 for another request. */
async function replayOf(env: Env, policyId: string, key: string, requestHash: string, locale: Locale): Promise<ReportClaimOutcome | null> {
  const row = await claimByKey(env.DB, policyId, key)
  if (!row) return null
  if (row.request_hash !== requestHash) return refuse(422, KEY_REUSED_MESSAGE)
  const html = claimReportedHtml(row.claim_number, await claimFileNames(env.DB, row.claim_number), claimReportedTexts[locale])
  return { status: 200, text: row.answer_text, html, claimNumber: row.claim_number, replayed: true }
}
