import type { MailTransport, OutgoingMail } from './port'

export interface HttpMailConfig {
  url: string
  apiKey: string
  /** Injected for tests; the worker passes the global fetch. */
  fetch: typeof fetch
  timeoutMs?: number
}

/**
 * The production transport: POST {MAIL_API_URL} with the API key as a bearer token and a JSON body
 * {from, to, subject, text}. Any status outside 200-299, or no answer within the timeout, is a failure
 * the outbox retries.
 */
export function createHttpMailTransport(config: HttpMailConfig): MailTransport {
  return {
    name: 'http',
    keepsBody: false,
    async deliver(mail: OutgoingMail) {
      const res = await config.fetch(config.url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': mail.idempotencyKey,
        },
        body: JSON.stringify({ from: mail.from, to: [mail.to], subject: mail.subject, text: mail.text }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      })
      if (!res.ok) throw new Error(`mail API answered ${res.status}`)
    },
  }
}
