import { toBase64 } from '../../lib/bytes'
import { callOutside, OutsideCallError, type FetchLike } from '../outside-call'
import type { MailTransport, OutgoingMail } from './port'

const MAIL_TIMEOUT_MS = 10_000
const MAX_ANSWER_BYTES = 16 * 1024

export interface HttpMailConfig {
  url: string
  apiKey: string
  /** Injected for tests; the global fetch otherwise (outside-call.ts). */
  fetch?: FetchLike
  timeoutMs?: number
  /** Extra request headers (the local stand-in inside the portal sits behind its same-origin check: its Origin). */
  headers?: Record<string, string>
}

/** The JSON body of the transactional mail API's send call. */
interface MailApiBody {
  from: string
  to: string[]
  subject: string
  text: string
  /** Only when the message carries files: each one's bytes as standard base64. */
  attachments?: { filename: string; content_type: string; content: string }[]
}

function bodyOf(mail: OutgoingMail): MailApiBody {
  const body: MailApiBody = { from: mail.from, to: [mail.to], subject: mail.subject, text: mail.text }
  if (mail.attachments && mail.attachments.length > 0) {
    body.attachments = mail.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, content: toBase64(a.content) }))
  }
  return body
}

/**
 * The transport of every environment (decision 191): POST {MAIL_API_URL} with the API key as a bearer
 * token, the outbox row's Idempotency-Key and a JSON body {from, to, subject, text, attachments?:
 * [{filename, content_type, content (base64)}]}. Locally MAIL_API_URL is the stand-in's
 * (worker/dev/mailbox-api.ts). Any status outside 200-299, or no answer within the timeout, is a
 * failure the outbox retries.
 */
export function createHttpMailTransport(config: HttpMailConfig): MailTransport {
  return {
    name: 'http',
    async deliver(mail: OutgoingMail) {
      let status: number
      try {
        ;({ status } = await callOutside(
          config.url,
          {
            method: 'POST',
            headers: {
              ...config.headers,
              Authorization: `Bearer ${config.apiKey}`,
              'Content-Type': 'application/json',
              Accept: 'application/json',
              'Idempotency-Key': mail.idempotencyKey,
            },
            body: JSON.stringify(bodyOf(mail)),
          },
          { timeoutMs: config.timeoutMs ?? MAIL_TIMEOUT_MS, maxBodyBytes: MAX_ANSWER_BYTES, ...(config.fetch ? { fetch: config.fetch } : {}) },
        ))
      } catch (err) {
        throw new Error(err instanceof OutsideCallError ? `mail API: ${err.kind}: ${err.message}` : 'mail API: network error')
      }
      if (status < 200 || status > 299) throw new Error(`mail API answered ${status}`)
    },
  }
}
