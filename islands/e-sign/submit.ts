import type { ESignSubmission } from '../../shared/esign/schemas/esign'
import { type ApiAnswer, type AttemptSlot, callApi, logError, storeUnavailableMessage } from '../ui/api'

export { UNEXPECTED_RESPONSE } from '../ui/api'

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

export function outcomeOf(answer: ApiAnswer): ESignOutcome {
  const { status, text } = answer
  if (status !== 200 && status !== 202) return { kind: 'unexpected', status, message: storeUnavailableMessage(answer) }
  if (text.trim() === '') return { kind: 'empty' }
  return status === 200 ? { kind: 'success', text } : { kind: 'failure', text }
}

/**
 * POSTs the submission. Sending the same submission again (a retry after a lost answer) keeps the
 * attempt's Idempotency-Key, so the server answers what it answered the first time instead of signing
 * again; a changed submission is a new attempt with a new key. Rejects on a network error or timeout.
 */
export async function postESignatures(url: string, submission: ESignSubmission, slot: AttemptSlot): Promise<ESignOutcome> {
  return outcomeOf(await callApi(url, { method: 'POST', accept: 'text/plain', json: submission, once: { slot } }))
}

export const logToServer = (url: string, message: string, functionName: string) => logError(url, 'ESignature', functionName, message)
