import type { PaymentFieldErrors } from '../../shared/payments/schemas/payment'
import type { PaymentPayload } from '../../shared/payments/schemas/payment-payload'
import { paymentRequestFingerprint } from '../../shared/payments/payload'
import { isPaymentRefusedText } from '../../shared/payments/outcome'
import { type ApiAnswer, type AttemptSlot, callApi, fieldErrorsOf, logError, storeUnavailableMessage } from '../ui/api'

export { UNEXPECTED_RESPONSE } from '../ui/api'

/**
 * What the payment post came back with (spec 001 section 4 "Payment flow", section 9 of the issue):
 * 200 -> the text as a success, 202 -> the text as an error (both on the system-message page, which
 * the server filled), except a refusal by the processor, shown on the form's page (decision 222); 400 with the form's messages -> shown beside the fields; 503 with the message
 * of our own store failing (decision 144: nothing was charged or it will be found by reference, and
 * the same key retries it once) -> that message; 429 (payments paused after several were not accepted,
 * issue 20 item 2) -> the server's message; anything else -> 'unexpected http response'.
 */
export type PaymentAnswer =
  | { kind: 'success'; text: string }
  | { kind: 'failure'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'invalid'; errors: PaymentFieldErrors }
  | { kind: 'unavailable'; message: string }
  | { kind: 'paused'; message: string }
  | { kind: 'unexpected'; status: number }

function answerOf(answer: ApiAnswer): PaymentAnswer {
  const { status, text } = answer
  if (status === 200) return { kind: 'success', text }
  if (status === 202) return isPaymentRefusedText(text) ? { kind: 'refused', text } : { kind: 'failure', text }
  const unavailable = storeUnavailableMessage(answer)
  if (unavailable) return { kind: 'unavailable', message: unavailable }
  if (status === 429 && answer.problem?.errorMessage) return { kind: 'paused', message: answer.problem.errorMessage }
  const errors = fieldErrorsOf(answer) as PaymentFieldErrors
  if (status === 400 && Object.keys(errors).length > 0) return { kind: 'invalid', errors }
  return { kind: 'unexpected', status }
}

/**
 * POSTs the spec's payload to `/v1/{family}/MakePayment/{policyId}`. The same payment sent again (the
 * card typed again after a lost answer) keeps the attempt's Idempotency-Key: its fingerprint, not its
 * bytes, says whether it is the same payment (decision 111). Rejects on a network error or the timeout.
 */
export async function submitPayment(url: string, payload: PaymentPayload, slot: AttemptSlot): Promise<PaymentAnswer> {
  const answer = await callApi(url, {
    method: 'POST',
    accept: 'text/plain, application/json',
    json: payload,
    once: { slot, sameAs: paymentRequestFingerprint(payload) },
  })
  return answerOf(answer)
}

export const logToServer = (url: string, message: string, functionName: string) => logError(url, 'MakePayment', functionName, message)
