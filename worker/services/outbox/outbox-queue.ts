import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import { bringForwardStatement, insertOutboxStatement } from '../../db/outbox'

/**
 * The writing side of the outbox (docs/decisions/080-one-outbox.md): the channels and the statements
 * that queue a message in the same D1 batch as the business rows it belongs to. Delivery is
 * services/outbox.ts; this file imports neither it nor any handler, so a handler may queue messages.
 */
export type OutboxChannel =
  | 'mail'
  | 'partner-log'
  | 'claim-notice'
  | 'claim-document'
  | 'vendor-dispatch'
  | 'payment-settle'
  | 'opt-out'
  | 'autopay-draft'
  | 'claim-message'
  | 'claim-advance'
  | 'sms'
  | 'claim-link'
  | 'claim-payout'

export const OUTBOX_CHANNELS: readonly OutboxChannel[] = [
  'mail',
  'partner-log',
  'claim-notice',
  'claim-document',
  'vendor-dispatch',
  'payment-settle',
  'opt-out',
  'autopay-draft',
  'claim-message',
  'claim-advance',
  'sms',
  'claim-link',
  'claim-payout',
]

export interface OutboxMessage {
  channel: OutboxChannel
  payload: unknown
  dedupeKey: string
  /** Not delivered before this time (epoch ms). */
  at: number
}

/**
 * A statement to put in the SAME db.batch as the business rows (transactional outbox). A dedupeKey
 * already present is a no-op (INSERT ... ON CONFLICT DO NOTHING), so a retried request never queues twice.
 */
export function enqueue(db: D1Database, m: OutboxMessage): D1PreparedStatement {
  return insertOutboxStatement(db, { channel: m.channel, dedupeKey: m.dedupeKey, payload: JSON.stringify(m.payload), at: m.at })
}

/**
 * Like enqueue, and when the message is already queued (same dedupeKey) and still waiting, it becomes
 * due no later than `at`. Two statements for the same batch.
 */
export function enqueueNoLaterThan(db: D1Database, m: OutboxMessage): D1PreparedStatement[] {
  return [enqueue(db, m), bringForwardStatement(db, m.dedupeKey, m.at)]
}
