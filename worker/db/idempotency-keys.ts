import type { D1Database } from '@cloudflare/workers-types'

/** The idempotency_keys table (0005); the rules live in worker/services/idempotency/answers.ts. */
export interface IdempotencyRow {
  key_hash: string
  request_hash: string
  state: 'pending' | 'done'
  owner: string
  locked_until: number
  status: number | null
  answer: string | null
  created_at: number
  expires_at: number
}

export interface NewLock {
  keyHash: string
  requestHash: string
  owner: string
  now: number
  lockedUntil: number
  expiresAt: number
}

/** The unique key makes this the race's referee: true for exactly one of any number of callers. */
export async function insertLock(db: D1Database, c: NewLock): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO idempotency_keys (key_hash, request_hash, state, owner, locked_until, created_at, expires_at)
       VALUES (?, ?, 'pending', ?, ?, ?, ?) ON CONFLICT(key_hash) DO NOTHING`,
    )
    .bind(c.keyHash, c.requestHash, c.owner, c.lockedUntil, c.now, c.expiresAt)
    .run()
  return (res.meta?.changes ?? 0) > 0
}

/**
 * Takes a row over when its answer has expired, or when its pending lock was abandoned (the request
 * died). Conditional on what was read, so only one caller wins.
 */
export async function takeOverLock(db: D1Database, seen: IdempotencyRow, c: NewLock): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE idempotency_keys SET request_hash = ?, state = 'pending', owner = ?, locked_until = ?, status = NULL, answer = NULL,
         created_at = ?, expires_at = ?
       WHERE key_hash = ? AND owner = ? AND (expires_at <= ? OR (state = 'pending' AND locked_until <= ?))`,
    )
    .bind(c.requestHash, c.owner, c.lockedUntil, c.now, c.expiresAt, c.keyHash, seen.owner, c.now, c.now)
    .run()
  return (res.meta?.changes ?? 0) > 0
}

export async function findLock(db: D1Database, keyHash: string): Promise<IdempotencyRow | null> {
  return db.prepare('SELECT * FROM idempotency_keys WHERE key_hash = ?').bind(keyHash).first<IdempotencyRow>()
}

/** The answer, kept under the hash of the request that got it (known only once its body streamed through). */
export async function completeLock(db: D1Database, keyHash: string, owner: string, requestHash: string, status: number, answer: string): Promise<void> {
  await db
    .prepare(`UPDATE idempotency_keys SET state = 'done', request_hash = ?, status = ?, answer = ? WHERE key_hash = ? AND owner = ? AND state = 'pending'`)
    .bind(requestHash, status, answer, keyHash, owner)
    .run()
}

/** Gives the key back (the answer is not one to replay): the next request with it runs again. */
export async function releaseLock(db: D1Database, keyHash: string, owner: string): Promise<void> {
  await db.prepare(`DELETE FROM idempotency_keys WHERE key_hash = ? AND owner = ? AND state = 'pending'`).bind(keyHash, owner).run()
}

export async function purgeExpiredIdempotency(db: D1Database, now: number): Promise<number> {
  const res = await db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?').bind(now).run()
  return res.meta?.changes ?? 0
}
