import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

/**
 * The outbox table (0005): one row per message that must leave the system. The delivery rules
 * (leases, backoff, dead letters) live in services/outbox.ts; this file holds only the SQL.
 */
export type OutboxStatus = 'pending' | 'leased' | 'delivered' | 'dead'

export interface OutboxRow {
  id: number
  channel: string
  dedupe_key: string
  payload: string
  status: OutboxStatus
  attempts: number
  next_attempt_at: number
  lease_until: number
  lease_token: string | null
  last_error: string | null
  created_at: number
  delivered_at: number | null
  dead_at: number | null
}

/** A row without its payload: what the dev outbox page may show. */
export type OutboxSummary = Omit<OutboxRow, 'payload' | 'lease_token'>

const SUMMARY_COLUMNS = 'id, channel, dedupe_key, status, attempts, next_attempt_at, lease_until, last_error, created_at, delivered_at, dead_at'

export function insertOutboxStatement(db: D1Database, m: { channel: string; dedupeKey: string; payload: string; at: number }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO outbox (channel, dedupe_key, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT(dedupe_key) DO NOTHING`,
    )
    .bind(m.channel, m.dedupeKey, m.payload, m.at, m.at)
}

/** A queued message still waiting becomes due no later than `at` (its dedupe key names it). */
export function bringForwardStatement(db: D1Database, dedupeKey: string, at: number): D1PreparedStatement {
  return db.prepare("UPDATE outbox SET next_attempt_at = ?1 WHERE dedupe_key = ?2 AND status = 'pending' AND next_attempt_at > ?1").bind(at, dedupeKey)
}

/**
 * A channel's receiver is back: its messages waiting out a retry (they failed before) become due now,
 * instead of each waiting out its own backoff (up to an hour). Answers how many.
 */
export async function bringRetriesForward(db: D1Database, channel: string, now: number): Promise<number> {
  const res = await db
    .prepare("UPDATE outbox SET next_attempt_at = ?1 WHERE channel = ?2 AND status = 'pending' AND attempts > 0 AND next_attempt_at > ?1")
    .bind(now, channel)
    .run()
  return res.meta?.changes ?? 0
}

/**
 * Leases up to `limit` due rows of the given channels to one drain, in one statement (so two drains
 * never get the same row): pending rows whose wait is over, and leased rows whose drain died (lease
 * expired) with attempts left. Each lease counts as an attempt.
 */
export async function leaseDue(
  db: D1Database,
  q: { now: number; leaseUntil: number; token: string; channels: string[]; limit: number; maxAttempts: number; dedupeKey?: string },
): Promise<OutboxRow[]> {
  if (q.channels.length === 0) return []
  const { results } = await db
    .prepare(
      `UPDATE outbox SET status = 'leased', lease_until = ?1, lease_token = ?2, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE channel IN (SELECT value FROM json_each(?3)) AND attempts < ?4 AND (?7 IS NULL OR dedupe_key = ?7)
           AND ((status = 'pending' AND next_attempt_at <= ?5) OR (status = 'leased' AND lease_until <= ?5))
         ORDER BY next_attempt_at, id LIMIT ?6)
       RETURNING *`,
    )
    .bind(q.leaseUntil, q.token, JSON.stringify(q.channels), q.maxAttempts, q.now, q.limit, q.dedupeKey ?? null)
    .all<OutboxRow>()
  return results.sort((a, b) => a.id - b.id)
}

/** Leased rows whose drain died after their last allowed attempt: nobody will try them again. */
export async function buryAbandoned(db: D1Database, now: number, maxAttempts: number): Promise<number> {
  const res = await db
    .prepare(
      `UPDATE outbox SET status = 'dead', dead_at = ?1, lease_token = NULL,
         last_error = 'the delivery of the last attempt never reported back'
       WHERE status = 'leased' AND lease_until <= ?1 AND attempts >= ?2`,
    )
    .bind(now, maxAttempts)
    .run()
  return res.meta?.changes ?? 0
}

/** The settle updates hold the lease token: a drain whose lease was taken over changes nothing. */
export async function markDelivered(db: D1Database, row: OutboxRow, now: number, payload: string): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE outbox SET status = 'delivered', delivered_at = ?, payload = ?, lease_until = 0, lease_token = NULL, last_error = NULL
       WHERE id = ? AND lease_token = ?`,
    )
    .bind(now, payload, row.id, row.lease_token)
    .run()
  return (res.meta?.changes ?? 0) > 0
}

export async function markRetry(db: D1Database, row: OutboxRow, nextAttemptAt: number, error: string): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE outbox SET status = 'pending', next_attempt_at = ?, lease_until = 0, lease_token = NULL, last_error = ?
       WHERE id = ? AND lease_token = ?`,
    )
    .bind(nextAttemptAt, error, row.id, row.lease_token)
    .run()
  return (res.meta?.changes ?? 0) > 0
}

export async function markDead(db: D1Database, row: OutboxRow, now: number, error: string, payload: string): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE outbox SET status = 'dead', dead_at = ?, payload = ?, lease_until = 0, lease_token = NULL, last_error = ?
       WHERE id = ? AND lease_token = ?`,
    )
    .bind(now, payload, error, row.id, row.lease_token)
    .run()
  return (res.meta?.changes ?? 0) > 0
}

/** A dead row named by its dedupe key back in the queue, due at `at`, with a fresh set of attempts: for a batch. */
export function requeueDeadStatement(db: D1Database, dedupeKey: string, at: number): D1PreparedStatement {
  return db
    .prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?1, dead_at = NULL WHERE dedupe_key = ?2 AND status = 'dead'")
    .bind(at, dedupeKey)
}

/** A dead row back in the queue with a fresh set of attempts (the dev outbox page's "Retry"). */
export async function requeueDead(db: D1Database, id: number, now: number): Promise<boolean> {
  const res = await db
    .prepare(`UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, dead_at = NULL WHERE id = ? AND status = 'dead'`)
    .bind(now, id)
    .run()
  return (res.meta?.changes ?? 0) > 0
}

/** Rows in one status, without payloads, newest first. */
export async function outboxByStatus(db: D1Database, statuses: OutboxStatus[], limit: number): Promise<OutboxSummary[]> {
  const { results } = await db
    .prepare(`SELECT ${SUMMARY_COLUMNS} FROM outbox WHERE status IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT ?`)
    .bind(JSON.stringify(statuses), limit)
    .all<OutboxSummary>()
  return results
}

/** The counts by channel and status (tests/perf/storm.mjs tells a backlog from checks scheduled for later). */
export async function outboxCountsByChannel(db: D1Database): Promise<Record<string, Record<OutboxStatus, number>>> {
  const { results } = await db
    .prepare('SELECT channel, status, COUNT(*) AS n FROM outbox GROUP BY channel, status')
    .all<{ channel: string; status: OutboxStatus; n: number }>()
  const out: Record<string, Record<OutboxStatus, number>> = {}
  for (const r of results) {
    out[r.channel] ??= { pending: 0, leased: 0, delivered: 0, dead: 0 }
    out[r.channel]![r.status] = r.n
  }
  return out
}

export async function outboxCounts(db: D1Database): Promise<Record<OutboxStatus, number>> {
  const { results } = await db.prepare('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status').all<{ status: OutboxStatus; n: number }>()
  const counts: Record<OutboxStatus, number> = { pending: 0, leased: 0, delivered: 0, dead: 0 }
  for (const r of results) counts[r.status] = r.n
  return counts
}
