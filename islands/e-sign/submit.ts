import { JSON_HEADER } from '../../shared/site-request'
import type { ESignSubmission } from '../../shared/schemas/esign'
import { storeUnavailableMessage } from '../../shared/store-unavailable'

/** Spec 000 section 9: HTTP timeout 30000 ms. */
export const HTTP_TIMEOUT_MS = 30_000
export const UNEXPECTED_RESPONSE = 'unexpected http response'

/**
 * What the e-sign post came back with (spec 000 section 4 "E-sign", section 7):
 * 200 -> the text as a success, 202 -> the text as an error, an empty body -> nothing shown,
 * any other status -> logged 'unexpected http response'. A 503 from our own store failing (decision
 * 144) is logged the same way and also carries the server's message, for the screen to show.
 */
export type ESignOutcome =
  | { kind: 'success'; text: string }
  | { kind: 'failure'; text: string }
  | { kind: 'empty' }
  | { kind: 'unexpected'; status: number; message: string | null }

export function outcomeOf(status: number, text: string): ESignOutcome {
  if (status !== 200 && status !== 202) return { kind: 'unexpected', status, message: storeUnavailableMessage(status, text) }
  if (text.trim() === '') return { kind: 'empty' }
  return status === 200 ? { kind: 'success', text } : { kind: 'failure', text }
}

/** The header the /v1 idempotency middleware reads (worker/middleware/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

let lastAttempt: { body: string; key: string } | null = null

/**
 * One key per submission attempt: sending the same submission again (a retry after a lost answer)
 * reuses its key, so the server answers what it answered the first time instead of signing again;
 * a changed submission is a new attempt with a new key.
 */
export function idempotencyKeyFor(body: string): string {
  if (lastAttempt?.body !== body) {
    const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
    lastAttempt = { body, key: `esign-${random}` }
  }
  return lastAttempt.key
}

/**
 * POSTs the submission with the session cookie, the JSON header and the attempt's Idempotency-Key;
 * rejects on a network error or timeout.
 */
export async function postESignatures(url: string, submission: ESignSubmission, timeoutMs = HTTP_TIMEOUT_MS): Promise<ESignOutcome> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const body = JSON.stringify(submission)
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADER, 'Content-Type': 'application/json', Accept: 'text/plain', [IDEMPOTENCY_HEADER]: idempotencyKeyFor(body) },
      credentials: 'same-origin',
      body,
      signal: controller.signal,
    })
    return outcomeOf(res.status, await res.text())
  } finally {
    clearTimeout(timer)
  }
}

/** POST /v1/common/Log; failures are ignored (spec 000 section 7). Never sends what the user typed. */
export async function logToServer(url: string, message: string, functionName: string): Promise<void> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADER, 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ loggingLevel: 'Error', pageName: 'ESignature', functionName, message }),
    })
  } catch {
    // ignored, as the spec says of log failures
  }
}
