import type { Env } from '../../env'

/**
 * The contract between the outbox's drain and a channel's handler. A handler delivers one payload; it
 * throws when the message was not delivered (the outbox retries it), or throws PermanentDeliveryError
 * when retrying cannot help. Error messages are stored as the row's last_error: keep them short and
 * free of payload data.
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
export function handler<T>(fn: (env: Env, payload: T, meta: DeliveryMeta) => Promise<void>): OutboxHandler {
  return fn as OutboxHandler
}

/** Thrown by a handler when trying again cannot help (e.g. an expired partner token): dead at once. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError'
}

export type { Background } from '../../lib/background'
