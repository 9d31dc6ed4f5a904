import { JSON_HEADER } from '../../shared/site-request'
import { UNEXPECTED_RESPONSE } from '../../shared/claims/messages'
import { encodeClaim } from './encode-claim'
import { storeUnavailableMessage } from '../../shared/store-unavailable'
import type { FloodClaimSubmission } from '../../shared/schemas/claim-flood'
import type { HomeownersClaimSubmission } from '../../shared/schemas/claim-homeowners'

/** Spec 001 section 7: a 30-second timeout on every call. */
export const HTTP_TIMEOUT_MS = 30_000

export type ClaimOutcome =
  | { kind: 'success'; text: string }
  | { kind: 'unexpected'; status: number; message: string | null; fieldErrors: Record<string, string> }

/**
 * Spec 001 section 4 "Claim submit outcome": 200 or 202 is a success with its text; anything else is
 * unexpected, with the server's message when it gave one: a refusal's (4xx), or our store's failure
 * (503, decision 144: no claim was made, and the same key sends it again once).
 */
export function claimOutcomeOf(status: number, text: string): ClaimOutcome {
  if (status === 200 || status === 202) return { kind: 'success', text }
  let body: { errorMessage?: unknown; fieldErrors?: unknown } = {}
  try {
    body = JSON.parse(text) ?? {}
  } catch {}
  return {
    kind: 'unexpected',
    status,
    message: status < 500 && typeof body.errorMessage === 'string' ? body.errorMessage : storeUnavailableMessage(status, text),
    fieldErrors: typeof body.fieldErrors === 'object' && body.fieldErrors ? (body.fieldErrors as Record<string, string>) : {},
  }
}

/**
 * The server refused the claim for what it holds (invalid, not allowed, a file too big or of the wrong
 * type): nothing was made, and the corrected claim is a new request with a new Idempotency-Key. Any
 * other failure (no answer, a timeout, 409, 5xx) keeps the key: the claim may have been made.
 */
export const refusedForContent = (status: number): boolean => status === 400 || status === 403 || status === 413 || status === 415

/**
 * Sends a claim: `POST {url}` (`/v1/{family}/FirstNoticeOfLoss/{policyId}`) as multipart, the
 * `claimSubmission` part holding the JSON and one `file` part per attachment (spec 001 section 7; the
 * browser sends no PDF copy: the worker renders it). The Idempotency-Key stays the same for every
 * retry of one claim (and so do the bytes), so a double click, a retry or a flaky network gives one
 * claim. Rejects on a network error or the timeout.
 */
export async function submitClaim(
  url: string,
  submission: FloodClaimSubmission | HomeownersClaimSubmission,
  files: readonly File[],
  idempotencyKey: string,
  timeoutMs = HTTP_TIMEOUT_MS,
): Promise<ClaimOutcome> {
  const { body, contentType } = encodeClaim(submission, files, idempotencyKey)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADER, Accept: 'text/plain', 'Content-Type': contentType, 'Idempotency-Key': idempotencyKey },
      credentials: 'same-origin',
      body,
      signal: controller.signal,
    })
    return claimOutcomeOf(res.status, await res.text())
  } finally {
    clearTimeout(timer)
  }
}

/** POST /v1/common/Log; failures are ignored. Never sends what the user typed. */
export async function logToServer(url: string, message: string, functionName: string): Promise<void> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADER, 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ loggingLevel: 'Error', pageName: 'ReportClaim', functionName, message }),
    })
  } catch {
    // ignored, as the spec says of log failures
  }
}

export { UNEXPECTED_RESPONSE }
