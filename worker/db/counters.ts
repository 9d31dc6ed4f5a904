import type { D1Database } from '@cloudflare/workers-types'

/**
 * Failure counters with lockout, keyed e.g. 'login:profile:{profileId}' or 'verify:{policyId}'.
 * `limit` failures inside `windowMs` lock the key for `lockMs`.
 */
export interface CounterRule {
  limit: number
  windowMs: number
  lockMs: number
}

export const LOGIN_RULE: CounterRule = { limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }

export async function isLocked(db: D1Database, key: string, now: number): Promise<boolean> {
  const row = await db
    .prepare('SELECT locked_until FROM counters WHERE counter_key = ?')
    .bind(key)
    .first<{ locked_until: number }>()
  return row !== null && row.locked_until > now
}

/** Counts one failure; returns whether the key is locked now (this failure may be the one that locks it). */
export async function recordFailure(db: D1Database, key: string, rule: CounterRule, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO counters (counter_key, failures, window_start, locked_until) VALUES (?1, 1, ?2, 0)
       ON CONFLICT(counter_key) DO UPDATE SET
         failures = CASE WHEN window_start < ?2 - ?3 THEN 1 ELSE failures + 1 END,
         window_start = CASE WHEN window_start < ?2 - ?3 THEN ?2 ELSE window_start END,
         locked_until = CASE WHEN window_start >= ?2 - ?3 AND failures + 1 >= ?4 THEN ?2 + ?5 ELSE locked_until END
       RETURNING locked_until`,
    )
    .bind(key, now, rule.windowMs, rule.limit, rule.lockMs)
    .first<{ locked_until: number }>()
  return row !== null && row.locked_until > now
}

export async function clearFailures(db: D1Database, key: string): Promise<void> {
  await db.prepare('DELETE FROM counters WHERE counter_key = ?').bind(key).run()
}
