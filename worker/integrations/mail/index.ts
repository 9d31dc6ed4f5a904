import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { claimOutbox, insertOutbox, markDelivered, pendingOutbox, type OutboxRow } from '../../db/outbox'
import { log } from '../../services/log'
import { createHttpMailTransport } from './http-adapter'
import { createLocalMailTransport } from './local-stand-in'
import type { MailMessage, MailTransport } from './port'

export type { MailMessage, MailKind, MailTransport } from './port'

export const MAIL_CHANNEL = 'mail'

/** The real adapter in every deployed environment (its settings are required there by env.ts), the stand-in in development. */
export function mailTransport(env: Env, fetchImpl: typeof fetch = fetch): MailTransport {
  if (isDeployed(env)) {
    if (!env.MAIL_API_URL || !env.MAIL_API_KEY) throw new Error(`mail: ${env.ENVIRONMENT} needs MAIL_API_URL and MAIL_API_KEY`)
    return createHttpMailTransport({ url: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY, fetch: fetchImpl })
  }
  return createLocalMailTransport()
}

/** Something that can keep work going after the response (the request's executionCtx). */
export interface Background {
  waitUntil(promise: Promise<unknown>): void
}

/**
 * Writes the message to the outbox (this must succeed: it throws otherwise), then delivers what is
 * pending: the stand-in at once, the real adapter after the response so a slow mail API never slows
 * the page (nor tells, by timing, that an address has an account).
 */
export async function sendMail(env: Env, message: MailMessage, background: Background | null, transport = mailTransport(env)): Promise<number> {
  const id = await insertOutbox(env.DB, MAIL_CHANNEL, message, Date.now())
  const delivery = deliverPendingMail(env, transport).catch((err: unknown) => {
    log('error', 'mail delivery run failed', { error: String(err) })
  })
  if (transport.name === 'local' || !background) await delivery
  else background.waitUntil(delivery)
  return id
}

/**
 * Delivers pending mail (also what a scheduled retry would call). Each row is claimed before it is
 * sent, so two runs never send the same row; a failure leaves it pending until its attempts run out.
 */
export async function deliverPendingMail(env: Env, transport = mailTransport(env), limit = 10): Promise<{ delivered: number; failed: number }> {
  let delivered = 0
  let failed = 0
  for (const row of await pendingOutbox(env.DB, MAIL_CHANNEL, limit)) {
    if (!(await claimOutbox(env.DB, row.id, row.attempts))) continue
    const message = JSON.parse(row.payload) as MailMessage
    try {
      await transport.deliver({ ...message, from: env.MAIL_FROM, idempotencyKey: `outbox-${row.id}` })
      await markDelivered(env.DB, row.id, Date.now(), transport.keepsBody ? undefined : withoutBody(message))
      delivered += 1
    } catch (err) {
      failed += 1
      log('warn', 'mail delivery failed', { outboxId: row.id, kind: message.kind, attempt: row.attempts + 1, error: String(err) })
    }
  }
  return { delivered, failed }
}

function withoutBody(message: MailMessage): Omit<MailMessage, 'text'> & { text: string } {
  return { kind: message.kind, to: message.to, subject: message.subject, text: '' }
}

export function outboxMessage(row: OutboxRow): MailMessage {
  return JSON.parse(row.payload) as MailMessage
}
