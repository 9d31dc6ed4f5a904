import { JSON_HEADER } from '../../shared/site-request'
import { UNEXPECTED_RESPONSE } from '../../shared/claims/messages'
import type { FloodClaimSubmission } from '../../shared/schemas/claim-flood'
import type { HomeownersClaimSubmission } from '../../shared/schemas/claim-homeowners'

/** Spec 001 section 7: a 30-second timeout on every call. */
export const HTTP_TIMEOUT_MS = 30_000

export type ClaimOutcome = { kind: 'success'; text: string } | { kind: 'unexpected'; status: number }

/** Spec 001 section 4 "Claim submit outcome": 200 or 202 is a success with its text; anything else is unexpected. */
export function claimOutcomeOf(status: number, text: string): ClaimOutcome {
  return status === 200 || status === 202 ? { kind: 'success', text } : { kind: 'unexpected', status }
}

/**
 * ===== PHASE B SEAM =====
 * Sends a claim: `POST {url}` (`/v1/{family}/FirstNoticeOfLoss/{policyId}`) as multipart, the
 * `claimSubmission` part holding the JSON and one `file` part per attachment (spec 001 section 7; the
 * browser sends no PDF copy: the worker renders it). The Idempotency-Key stays the same for every
 * retry of one claim, so a double click, a retry or a flaky network gives one claim. Until phase B
 * lands the worker answers 404 ('NO ROUTE FOR REQUEST'), which comes back as 'unexpected'.
 * Rejects on a network error or the timeout.
 */
export async function submitClaim(
  url: string,
  submission: FloodClaimSubmission | HomeownersClaimSubmission,
  files: readonly File[],
  idempotencyKey: string,
  timeoutMs = HTTP_TIMEOUT_MS,
): Promise<ClaimOutcome> {
  const body = new FormData()
  body.append('claimSubmission', JSON.stringify(submission))
  for (const file of files) body.append('file', file, file.name)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADER, Accept: 'text/plain', 'Idempotency-Key': idempotencyKey },
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
