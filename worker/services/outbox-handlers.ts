import type { Env } from '../env'
import type { OutboxChannel } from './outbox'
import type { PartnerLogPayload } from './partner-logging'
import type { MailMessage } from '../integrations/mail/port'
import { deliverMail, settledMail } from '../integrations/mail/deliver'
import { partnerLogsPort, type PartnerLogsPort } from '../integrations/partner-logs'

/**
 * How each outbox channel leaves the system. A handler delivers one payload; it throws when the message
 * was not delivered (the outbox retries it), or throws PermanentDeliveryError when retrying cannot help.
 * Error messages are stored as the row's last_error: keep them short and free of payload data.
 *
 * Adding a channel is one line in OUTBOX_HANDLERS (and, when its rows must forget something once
 * settled, one in OUTBOX_SETTLED_PAYLOAD). Rows of a channel without a handler wait in the outbox.
 */
export interface DeliveryMeta {
  id: number
  dedupeKey: string
  /** 1 for the first attempt. */
  attempt: number
  /** The drain's clock. */
  now: number
}

export type OutboxHandler = (env: Env, payload: unknown, meta: DeliveryMeta) => Promise<void>

/** Typed payload for a handler; the outbox stores what enqueue() was given, as JSON. */
function handler<T>(fn: (env: Env, payload: T, meta: DeliveryMeta) => Promise<void>): OutboxHandler {
  return fn as OutboxHandler
}

/** Thrown by a handler when trying again cannot help (e.g. an expired partner token): dead at once. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError'
}

/** The partner's app-logs endpoint; `port` replaces the one PARTNER_LOGS_URL names (tests). */
export function partnerLogHandler(port?: PartnerLogsPort): OutboxHandler {
  return handler<PartnerLogPayload>(async (env, p, meta) => {
    if (!p.token || p.tokenExpiresAt <= meta.now) throw new PermanentDeliveryError('token expired')
    const result = await (port ?? partnerLogsPort(env)).send(p.entry, p.token)
    if (!result.ok) throw new Error(result.detail)
  })
}

export const OUTBOX_HANDLERS: Partial<Record<OutboxChannel, OutboxHandler>> = {
  mail: handler<MailMessage>((env, message, meta) => deliverMail(env, message, meta.id)),
  'partner-log': partnerLogHandler(),
}

/** What a delivered or dead row keeps of its payload, per channel (default: all of it). */
export const OUTBOX_SETTLED_PAYLOAD: Partial<Record<OutboxChannel, (env: Env, payload: unknown) => unknown>> = {
  mail: (env, payload) => settledMail(env, payload as MailMessage),
  'partner-log': (_env, payload) => ({ ...(payload as PartnerLogPayload), token: null }),
}
