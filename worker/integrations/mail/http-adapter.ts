import { toBase64 } from '../../services/idempotency/crypto'
import type { MailTransport, OutgoingMail } from './port'

export interface HttpMailConfig {
  url: string
  apiKey: string
  /** Injected for tests; the worker passes the global fetch. */
  fetch: typeof fetch
  timeoutMs?: number
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
 * The production transport: POST {MAIL_API_URL} with the API key as a bearer token and a JSON body
 * {from, to, subject, text, attachments?: [{filename, content_type, content (base64)}]}. Any status
 * outside 200-299, or no answer within the timeout, is a failure the outbox retries.
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
        body: JSON.stringify(bodyOf(mail)),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      })
      if (!res.ok) throw new Error(`mail API answered ${res.status}`)
    },
  }
}
