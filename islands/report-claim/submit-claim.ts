import { UNEXPECTED_RESPONSE } from '../../shared/claims/messages'
import type { FloodClaimSubmission } from '../../shared/claims/schemas/claim-flood'
import type { HomeownersClaimSubmission } from '../../shared/claims/schemas/claim-homeowners'
import { type ApiAnswer, type AttemptSlot, callApi, fieldErrorsOf, logError, storeUnavailableMessage } from '../ui/api'
import { FILE_NAME_HEADER } from '../../shared/claims/uploads'

export type ClaimOutcome =
  | { kind: 'success'; text: string }
  | { kind: 'unexpected'; status: number; message: string | null; fieldErrors: Record<string, string> }

/**
 * Spec 001 section 4 "Claim submit outcome": 200 or 202 is a success with its text; anything else is
 * unexpected, with the server's message when it gave one: a refusal's (4xx), or our store's failure
 * (503, decision 144: no claim was made, and the same key sends it again once).
 */
function claimOutcomeOf(answer: ApiAnswer): ClaimOutcome {
  const { status, text, problem } = answer
  if (status === 200 || status === 202) return { kind: 'success', text }
  return {
    kind: 'unexpected',
    status,
    message: status < 500 && problem?.errorMessage ? problem.errorMessage : storeUnavailableMessage(answer),
    fieldErrors: fieldErrorsOf(answer),
  }
}

/**
 * The server refused the claim for what it holds (invalid, not allowed, a file too big or of the wrong
 * type): nothing was made, and the corrected claim is a new request with a new Idempotency-Key. Any
 * other failure (no answer, a timeout, 409, 5xx) keeps the key: the claim may have been made.
 */
export const refusedForContent = (status: number): boolean => status === 400 || status === 403 || status === 413 || status === 415

/**
 * Sends a claim: `POST {url}` (`/v1/{family}/FirstNoticeOfLoss/{policyId}`) as JSON, the submission and
 * the fileIds of its files, each uploaded on its own before (decision 169; the browser sends no PDF copy:
 * the worker renders it). The Idempotency-Key stays the same for every retry of one claim, so a double
 * click, a retry or a flaky network gives one claim. Rejects on a network error or the timeout.
 */
export async function submitClaim(
  url: string,
  submission: FloodClaimSubmission | HomeownersClaimSubmission,
  fileIds: readonly string[],
  slot: AttemptSlot,
): Promise<ClaimOutcome> {
  const answer = await callApi(url, { method: 'POST', accept: 'text/plain', json: { claimSubmission: submission, fileIds }, once: { slot } })
  return claimOutcomeOf(answer)
}

/** One file's upload (`POST /v1/{family}/ClaimFile/{policyId}`): its fileId, or the message that says why not. */
export async function uploadFile(url: string, file: File, slot: AttemptSlot): Promise<{ fileId: string } | { message: string; refused: boolean }> {
  const answer = await callApi(url, {
    method: 'POST',
    raw: { body: file, contentType: file.type || 'application/octet-stream', headers: { [FILE_NAME_HEADER]: encodeURIComponent(file.name) } },
    once: { slot, sameAs: 'file' },
  })
  if (answer.status === 201) return { fileId: (JSON.parse(answer.text) as { fileId: string }).fileId }
  return { message: (answer.status < 500 && answer.problem?.errorMessage) || storeUnavailableMessage(answer) || '', refused: refusedForContent(answer.status) }
}

export const logToServer = (url: string, message: string, functionName: string) => logError(url, 'ReportClaim', functionName, message)

export { UNEXPECTED_RESPONSE }
