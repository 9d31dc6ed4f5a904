import type { Env } from '../../env'
import { mailTransport } from './transport'
import type { MailMessage, MailTransport } from './port'

/**
 * The outbox's mail channel (worker/services/outbox-handlers.ts): one queued message to the transport.
 * The idempotency key is stable per outbox row, so a provider that honours it drops a repeated delivery.
 */
export async function deliverMail(env: Env, message: MailMessage, outboxId: number, transport: MailTransport = mailTransport(env)): Promise<void> {
  await transport.deliver({ ...message, from: env.MAIL_FROM, idempotencyKey: `outbox-${outboxId}` })
}

/**
 * What the outbox keeps once a message is delivered or dead: the real adapter's rows lose the body (a
 * reset link must not outlive its delivery in the database); the stand-in keeps it for the dev mailbox.
 */
export function settledMail(env: Env, message: MailMessage): MailMessage {
  return mailTransport(env).keepsBody ? message : { kind: message.kind, to: message.to, subject: message.subject, text: '' }
}
