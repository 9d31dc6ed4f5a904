import type { Env } from '../../env'
import type { MailMessage } from '../../integrations/mail/port'
import { enqueue, kickDrain, type Background } from './outbox'

export type { Background } from './outbox'

export const MAIL_CHANNEL = 'mail'

/**
 * Queues the message in the outbox (this must succeed: it throws otherwise), then delivers it through
 * the mail port (kickDrain: after the answer when deployed, at once locally). Whatever is not delivered
 * is retried by the cron handler. `dedupeKey` makes a repeated call queue the mail once; by default
 * every call is a new mail.
 */
export async function sendMail(env: Env, message: MailMessage, background: Background | null, opts: { dedupeKey?: string } = {}): Promise<void> {
  await enqueue(env.DB, { channel: MAIL_CHANNEL, payload: message, dedupeKey: opts.dedupeKey ?? `mail:${crypto.randomUUID()}`, at: Date.now() }).run()
  await kickDrain(env, background, { channels: [MAIL_CHANNEL] })
}
