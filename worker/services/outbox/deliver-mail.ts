import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { PermanentDeliveryError } from './outbox-delivery'
import { mailTransport } from '../../integrations/mail/transport'
import type { MailAttachment, MailMessage, MailTransport, OutgoingAttachment } from '../../integrations/mail/port'

/**
 * What one message may carry in all: the bytes are held in memory (and base64 by the HTTP adapter,
 * a third more) while it is sent, well inside a Worker's 128 MB, and under the mail API's own limit.
 */
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024

/** The attachments' bytes from R2. A missing object or one over the cap cannot get better: dead at once. */
async function loadAttachments(env: Pick<Env, 'DOCS'>, refs: readonly MailAttachment[]): Promise<OutgoingAttachment[]> {
  const out: OutgoingAttachment[] = []
  let total = 0
  for (const ref of refs) {
    const obj = await env.DOCS.get(ref.r2Key)
    if (!obj) throw new PermanentDeliveryError('attachment missing in R2')
    total += obj.size
    if (total > MAX_ATTACHMENT_BYTES) throw new PermanentDeliveryError('attachments over the size cap')
    out.push({ filename: ref.filename, contentType: ref.contentType, content: new Uint8Array(await obj.arrayBuffer()) })
  }
  return out
}

/**
 * The outbox's mail channel (worker/services/outbox/outbox-handlers.ts): one queued message to the transport.
 * The idempotency key is stable per outbox row, so a provider that honours it drops a repeated delivery.
 */
export async function deliverMail(env: Env, message: MailMessage, outboxId: number, transport: MailTransport = mailTransport(env)): Promise<void> {
  const { attachments: refs, ...rest } = message
  const attachments = refs && refs.length > 0 ? await loadAttachments(env, refs) : []
  await transport.deliver({ ...rest, from: env.MAIL_FROM, idempotencyKey: `outbox-${outboxId}`, ...(attachments.length > 0 ? { attachments } : {}) })
}

/**
 * What the outbox keeps once a message is delivered or dead: a deployed portal's rows lose the body (a
 * reset link must not outlive its delivery in the database) but keep the attachments' references;
 * local development keeps it all, for /__dev/outbox and the worker tests (decision 191).
 */
export function settledMail(env: Env, message: MailMessage): MailMessage {
  if (!isDeployed(env)) return message
  const { kind, to, subject, attachments } = message
  return { kind, to, subject, text: '', ...(attachments ? { attachments } : {}) }
}
