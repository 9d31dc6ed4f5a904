import { z } from 'zod'
import { callOutside, jsonOf, OutsideCallError, type FetchLike } from '../outside-call'
import {
  ClaimsSystemRefusedError,
  ClaimsSystemTimeoutError,
  ClaimsSystemUnknownOutcomeError,
  type AdvanceRequest,
  type ClaimNote,
  type ClaimNotice,
  type ClaimsSystem,
  type LaterDocument,
  type RelatedClaim,
  type PaymentInstruction,
  type SubmittedClaim,
} from './port'

/**
 * The real adapter: the claims system's JSON API over fetch (Guidewire-like, decision 167).
 *   POST {CLAIMS_SYSTEM_URL}/claim/v1/claims              a draft claim     -> 201 { data: claim }
 *   POST {CLAIMS_SYSTEM_URL}/claim/v1/claims/{id}/submit  the open claim    -> 200 { data: claim }
 *   GET  {CLAIMS_SYSTEM_URL}/claim/v1/claims?reference=   the claim by the portal's claim number
 *   GET  {CLAIMS_SYSTEM_URL}/claim/v1/claims/{id}
 *   POST {CLAIMS_SYSTEM_URL}/claim/v1/claims/{id}/documents  a file sent after the claim -> 201
 *   POST {CLAIMS_SYSTEM_URL}/claim/v1/claims/{id}/notes  the policyholder's message, {subject, body, author} -> 201
 *   POST {CLAIMS_SYSTEM_URL}/claim/v1/claims/{id}/advances  an advance or living-expenses request (decision 211) -> 201
 *   POST {CLAIMS_SYSTEM_URL}/claim/v1/claims/{id}/related-claims  the other claim of one loss (decision 213) -> 201
 *   POST {CLAIMS_SYSTEM_URL}/claim/v1/claims/{id}/payment-instructions  how to pay, {method, payoutToken | payee and address, version} -> 201
 * with `Authorization: Bearer {CLAIMS_SYSTEM_SECRET}` and, on the two POSTs, `GW-DBTransaction-ID:
 * portal:{claimNumber}:draft|submit`. A repeated transaction id answers 400 with an errorCode ending in
 * AlreadyExecutedException: done before, so the adapter looks the claim up. Other 400/401/403/404/422
 * are refusals; no answer in time, a network failure, 408/409/429/5xx or an unreadable answer throw
 * ClaimsSystemUnknownOutcomeError (ClaimsSystemTimeoutError for the timeout, 408 and 504).
 */
const CLAIMS_SYSTEM_TIMEOUT_MS = 10_000
const MAX_BODY_BYTES = 64 * 1024
export const TRANSACTION_HEADER = 'GW-DBTransaction-ID'
export const ALREADY_EXECUTED = 'AlreadyExecutedException'

export interface ClaimsSystemHttpConfig {
  /** CLAIMS_SYSTEM_URL, e.g. https://claims.carrier.example (locally the /__dev/claims-system stand-in). */
  baseUrl: string
  /** CLAIMS_SYSTEM_SECRET. */
  secret: string
  /** Injected for tests; the global fetch by default. */
  fetch?: FetchLike
  timeoutMs?: number
}

const claimSchema = z.object({
  id: z.string().min(1).max(100),
  reference: z.string().max(64),
  draftClaimNumber: z.string().max(64),
  claimNumber: z.string().min(1).max(64).nullable(),
  status: z.enum(['draft', 'open', 'closed']),
})
type CarrierClaim = z.infer<typeof claimSchema>

const oneSchema = z.object({ data: claimSchema })
const listSchema = z.object({ data: z.array(claimSchema).max(10) })
const errorSchema = z.object({ errorCode: z.string().max(200) })

interface Answer {
  status: number
  body: unknown
}

/** The transaction id of one step of one claim (at most 128 characters). */
type AddedStep = `document:${string}` | `note:${string}` | `advance:${string}` | `related:${string}` | `payout:${number}`
const transactionId = (claimNumber: string, step: 'draft' | 'submit' | AddedStep) => `portal:${claimNumber}:${step}`

function draftBody(n: ClaimNotice): string {
  return JSON.stringify({
    reference: n.claimNumber,
    policyNumber: n.policyId,
    lineOfBusiness: n.family,
    lossDate: n.lossDate,
    lossCause: n.peril,
    description: n.description,
    reporter: n.reporter,
    contactEmail: n.contactEmail,
    reportedDate: n.reportedAt,
    documents: n.documents,
  })
}

export function claimsSystemHttpAdapter(config: ClaimsSystemHttpConfig): ClaimsSystem {
  const timeoutMs = config.timeoutMs ?? CLAIMS_SYSTEM_TIMEOUT_MS
  const api = `${config.baseUrl.replace(/\/+$/, '')}/claim/v1/claims`

  async function call(url: string, init: RequestInit): Promise<Answer> {
    let answer: Awaited<ReturnType<typeof callOutside>>
    try {
      answer = await callOutside(
        url,
        { ...init, headers: { Accept: 'application/json', Authorization: `Bearer ${config.secret}`, ...(init.headers as Record<string, string>) } },
        { timeoutMs, maxBodyBytes: MAX_BODY_BYTES, ...(config.fetch ? { fetch: config.fetch } : {}) },
      )
    } catch (err) {
      if (err instanceof OutsideCallError && err.kind === 'timeout') throw new ClaimsSystemTimeoutError(err.message)
      throw new ClaimsSystemUnknownOutcomeError('network', 'network error')
    }
    if (answer.status === 408 || answer.status === 504) throw new ClaimsSystemTimeoutError(`HTTP ${answer.status}`, answer.status)
    return { status: answer.status, body: jsonOf(answer) }
  }

  function parsed<T>(schema: z.ZodType<T>, answer: Answer): T {
    const result = schema.safeParse(answer.body)
    if (!result.success) throw new ClaimsSystemUnknownOutcomeError('bad-answer', 'unexpected answer', answer.status)
    return result.data
  }

  const alreadyExecuted = (a: Answer) => a.status === 400 && (errorSchema.safeParse(a.body).data?.errorCode.endsWith(ALREADY_EXECUTED) ?? false)

  function failed(answer: Answer): never {
    if ([400, 401, 403, 404, 422].includes(answer.status)) {
      const code = errorSchema.safeParse(answer.body).data?.errorCode ?? 'refused'
      throw new ClaimsSystemRefusedError(answer.status, code.slice(0, 100))
    }
    throw new ClaimsSystemUnknownOutcomeError(
      answer.body === undefined && answer.status < 300 ? 'bad-answer' : 'http-status',
      `HTTP ${answer.status}`,
      answer.status,
    )
  }

  async function byReference(reference: string): Promise<CarrierClaim> {
    const answer = await call(`${api}?reference=${encodeURIComponent(reference)}`, { method: 'GET' })
    if (answer.status !== 200) return failed(answer)
    const found = parsed(listSchema, answer).data.find((c) => c.reference === reference)
    // 'Already executed' but not found: the system is not answering consistently yet; ask again later.
    if (!found) throw new ClaimsSystemUnknownOutcomeError('bad-answer', 'claim not found after an already-executed answer', 200)
    return found
  }

  async function byId(id: string): Promise<CarrierClaim> {
    const answer = await call(`${api}/${encodeURIComponent(id)}`, { method: 'GET' })
    if (answer.status !== 200) return failed(answer)
    return parsed(oneSchema, answer).data
  }

  async function draft(notice: ClaimNotice): Promise<CarrierClaim> {
    const answer = await call(api, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [TRANSACTION_HEADER]: transactionId(notice.claimNumber, 'draft') },
      body: draftBody(notice),
    })
    if (answer.status === 200 || answer.status === 201) return parsed(oneSchema, answer).data
    if (alreadyExecuted(answer)) return byReference(notice.claimNumber)
    return failed(answer)
  }

  async function submit(claim: CarrierClaim, notice: ClaimNotice): Promise<CarrierClaim> {
    const answer = await call(`${api}/${encodeURIComponent(claim.id)}/submit`, {
      method: 'POST',
      headers: { [TRANSACTION_HEADER]: transactionId(notice.claimNumber, 'submit') },
    })
    if (answer.status === 200) return parsed(oneSchema, answer).data
    if (alreadyExecuted(answer)) return byId(claim.id)
    return failed(answer)
  }

  /** One record added under a filed claim (a document's reference, a note), once per transaction id. */
  async function addToClaim(
    claimNumber: string,
    what: 'documents' | 'notes' | 'advances' | 'related-claims' | 'payment-instructions',
    step: AddedStep,
    body: unknown,
  ): Promise<void> {
    const claim = await byReference(claimNumber)
    const answer = await call(`${api}/${encodeURIComponent(claim.id)}/${what}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [TRANSACTION_HEADER]: transactionId(claimNumber, step) },
      body: JSON.stringify(body),
    })
    if (answer.status === 200 || answer.status === 201 || alreadyExecuted(answer)) return
    failed(answer)
  }

  return {
    addDocument: (claimNumber: string, documentId: string, document: LaterDocument) =>
      addToClaim(claimNumber, 'documents', `document:${documentId}`, { ...document, documentId }),
    addNote: (claimNumber: string, messageId: string, note: ClaimNote) => addToClaim(claimNumber, 'notes', `note:${messageId}`, note),
    requestAdvance: (claimNumber: string, requestId: string, request: AdvanceRequest) =>
      addToClaim(claimNumber, 'advances', `advance:${requestId}`, { ...request, requestId }),
    relateClaim: (claimNumber: string, related: RelatedClaim) => addToClaim(claimNumber, 'related-claims', `related:${related.reference}`, related),
    setPaymentInstruction: (claimNumber: string, version: number, instruction: PaymentInstruction) =>
      addToClaim(claimNumber, 'payment-instructions', `payout:${version}`, { ...instruction, version }),
    async submitClaim(notice): Promise<SubmittedClaim> {
      const drafted = await draft(notice)
      const claim = drafted.status === 'draft' ? await submit(drafted, notice) : drafted
      if (claim.status === 'draft' || !claim.claimNumber) {
        throw new ClaimsSystemUnknownOutcomeError('bad-answer', 'the claim is still a draft', 200)
      }
      return { carrierClaimNumber: claim.claimNumber, status: claim.status }
    },
  }
}
