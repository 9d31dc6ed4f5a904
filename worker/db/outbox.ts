import type { D1Database } from '@cloudflare/workers-types'

/** Messages to outside systems: written first (in the request), delivered afterwards. */
export interface OutboxRow {
  id: number
  channel: string
  payload: string
  created_at: number
  attempts: number
  delivered_at: number | null
}

export const MAX_ATTEMPTS = 5

export async function insertOutbox(db: D1Database, channel: string, payload: unknown, now: number): Promise<number> {
  const row = await db
    .prepare('INSERT INTO outbox (channel, payload, created_at) VALUES (?, ?, ?) RETURNING id')
    .bind(channel, JSON.stringify(payload), now)
    .first<{ id: number }>()
  if (!row) throw new Error('outbox insert returned no id')
  return row.id
}

/** Undelivered messages that still have attempts left, oldest first. */
export async function pendingOutbox(db: D1Database, channel: string, limit: number): Promise<OutboxRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM outbox WHERE channel = ? AND delivered_at IS NULL AND attempts < ? ORDER BY id LIMIT ?')
    .bind(channel, MAX_ATTEMPTS, limit)
    .all<OutboxRow>()
  return results
}

/** Claims one attempt at a row; false when another delivery got there first. */
export async function claimOutbox(db: D1Database, id: number, seenAttempts: number): Promise<boolean> {
  const res = await db
    .prepare('UPDATE outbox SET attempts = attempts + 1 WHERE id = ? AND attempts = ? AND delivered_at IS NULL')
    .bind(id, seenAttempts)
    .run()
  return (res.meta?.changes ?? 0) > 0
}

/** Marks a row delivered; `payload` replaces the stored one (e.g. without the body) when given. */
export async function markDelivered(db: D1Database, id: number, now: number, payload?: unknown): Promise<void> {
  if (payload === undefined) {
    await db.prepare('UPDATE outbox SET delivered_at = ? WHERE id = ?').bind(now, id).run()
  } else {
    await db.prepare('UPDATE outbox SET delivered_at = ?, payload = ? WHERE id = ?').bind(now, JSON.stringify(payload), id).run()
  }
}

export async function recentOutbox(db: D1Database, channel: string, limit: number): Promise<OutboxRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM outbox WHERE channel = ? ORDER BY id DESC LIMIT ?')
    .bind(channel, limit)
    .all<OutboxRow>()
  return results
}
