import type { Env } from '../../env'
import { enqueue, kickDrain, type Background } from '../../services/outbox/outbox'
import type { MailMessage } from './port'

export type { MailMessage } from './port'
export type { Background } from '../../services/outbox/outbox'
export { mailTransport } from './transport'

export const MAIL_CHANNEL = 'mail'

/**
 * Queues the message in the outbox (this must succeed: it throws otherwise), then delivers it: the
 * stand-in at once, in the request (nothing leaves the machine, and the dev mailbox shows it at once);
 * the real adapter after the response, so a slow mail API never slows the page (nor tells, by timing,
 * that an address has an account). Whatever is not delivered is retried by the cron handler.
 * `dedupeKey` makes a repeated call queue the mail once; by default every call is a new mail.
 */
export async function sendMail(env: Env, message: MailMessage, background: Background | null, opts: { dedupeKey?: string } = {}): Promise<void> {
  await enqueue(env.DB, { channel: 'mail', payload: message, dedupeKey: opts.dedupeKey ?? `mail:${crypto.randomUUID()}`, at: Date.now() }).run()
  await kickDrain(env, background, { channels: ['mail'] })
}
