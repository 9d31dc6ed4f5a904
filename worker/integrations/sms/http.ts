import { callOutside, OutsideCallError, type FetchLike } from '../outside-call'
import type { OutgoingText, SmsSender } from './port'

const SMS_TIMEOUT_MS = 10_000
const MAX_ANSWER_BYTES = 16 * 1024

export interface HttpSmsConfig {
  /** SMS_API_URL, the send call's address (locally the stand-in's /__dev/sms/messages). */
  url: string
  apiKey: string
  /** Injected for tests; the global fetch otherwise (outside-call.ts). */
  fetch?: FetchLike
  timeoutMs?: number
}

/**
 * The SMS provider's send call in every environment (decision 209): POST {SMS_API_URL} with the API key
 * as a bearer token, the outbox row's Idempotency-Key and JSON {to, text}. Any status outside 200-299,
 * or no answer within the timeout, is a failure the outbox retries.
 */
export function createHttpSmsSender(config: HttpSmsConfig): SmsSender {
  return {
    async send(text: OutgoingText) {
      let status: number
      try {
        ;({ status } = await callOutside(
          config.url,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${config.apiKey}`,
              'Content-Type': 'application/json',
              Accept: 'application/json',
              'Idempotency-Key': text.idempotencyKey,
            },
            body: JSON.stringify({ to: text.to, text: text.text }),
          },
          { timeoutMs: config.timeoutMs ?? SMS_TIMEOUT_MS, maxBodyBytes: MAX_ANSWER_BYTES, ...(config.fetch ? { fetch: config.fetch } : {}) },
        ))
      } catch (err) {
        throw new Error(err instanceof OutsideCallError ? `SMS API: ${err.kind}: ${err.message}` : 'SMS API: network error')
      }
      if (status < 200 || status > 299) throw new Error(`SMS API answered ${status}`)
    },
  }
}
