import { JSON_HEADER } from '../../shared/site-request'
import type { PaymentFieldErrors, PaymentPayload } from '../../shared/schemas/payment'
import { storeUnavailableMessage } from '../../shared/store-unavailable'

/** Spec 001 section 7: a 30-second timeout. */
export const HTTP_TIMEOUT_MS = 30_000
export const UNEXPECTED_RESPONSE = 'unexpected http response'

/**
 * What the payment post came back with (spec 001 section 4 "Payment flow", section 9 of the issue):
 * 200 -> the text as a success, 202 -> the text as an error (both on the system-message page, which
 * the server filled); 400 with the form's messages -> shown beside the fields; 503 with the message
 * of our own store failing (decision 144: nothing was charged or it will be found by reference, and
 * the same key retries it once) -> that message; anything else -> 'unexpected http response'.
 */
export type PaymentAnswer =
  | { kind: 'success'; text: string }
  | { kind: 'failure'; text: string }
  | { kind: 'invalid'; errors: PaymentFieldErrors }
  | { kind: 'unavailable'; message: string }
  | { kind: 'unexpected'; status: number }

export function answerOf(status: number, text: string): PaymentAnswer {
  if (status === 200) return { kind: 'success', text }
  if (status === 202) return { kind: 'failure', text }
  const unavailable = storeUnavailableMessage(status, text)
  if (unavailable) return { kind: 'unavailable', message: unavailable }
  if (status === 400) {
    try {
      const body = JSON.parse(text) as { errors?: unknown }
      if (body.errors && typeof body.errors === 'object') {
        const errors = Object.fromEntries(Object.entries(body.errors).filter(([, m]) => typeof m === 'string')) as PaymentFieldErrors
        if (Object.keys(errors).length > 0) return { kind: 'invalid', errors }
      }
    } catch {
      // not the form's messages: unexpected
    }
  }
  return { kind: 'unexpected', status }
}

/**
 * THE SEAM to the server (phase B implements the route): POST the spec's payload to
 * `/v1/{family}/MakePayment/{policyId}` with the attempt's Idempotency-Key, the session cookie and the
 * JSON header the CSRF check asks for. Rejects on a network error or the 30 s timeout; the caller
 * never learns more than the status and the text.
 */
export async function submitPayment(url: string, payload: PaymentPayload, idempotencyKey: string, timeoutMs = HTTP_TIMEOUT_MS): Promise<PaymentAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADER, 'Content-Type': 'application/json', Accept: 'text/plain, application/json', 'Idempotency-Key': idempotencyKey },
      credentials: 'same-origin',
      body: JSON.stringify(payload),
      signal: controller.signal,
    })
    return answerOf(res.status, await res.text())
  } finally {
    clearTimeout(timer)
  }
}

/** POST /v1/common/Log; failures are ignored. Never sends anything the user typed. */
export async function logToServer(url: string, message: string, functionName: string): Promise<void> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADER, 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ loggingLevel: 'Error', pageName: 'MakePayment', functionName, message }),
    })
  } catch {
    // ignored, as the spec says of log failures
  }
}
