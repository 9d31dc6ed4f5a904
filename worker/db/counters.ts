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
  const row = await db.prepare('SELECT locked_until FROM counters WHERE counter_key = ?').bind(key).first<{ locked_until: number }>()
  return row !== null && row.locked_until > now
}

/** Counts one failure; returns whether the key is locked now (this failure may be the one that locks it). */
export async function recordFailure(db: D1Database, key: string, rule: CounterRule, now: number): Promise<boolean> {
  const row = await countStatement(db, key, rule, now).first<{ locked_until: number }>()
  return row !== null && row.locked_until > now
}

/** One more event for the key: a new window once the old one is over; the lock when the limit is reached. */
function countStatement(db: D1Database, key: string, rule: CounterRule, now: number) {
  return db
    .prepare(
      `INSERT INTO counters (counter_key, failures, window_start, locked_until) VALUES (?1, 1, ?2, 0)
       ON CONFLICT(counter_key) DO UPDATE SET
         failures = CASE WHEN window_start < ?2 - ?3 THEN 1 ELSE failures + 1 END,
         window_start = CASE WHEN window_start < ?2 - ?3 THEN ?2 ELSE window_start END,
         locked_until = CASE WHEN window_start >= ?2 - ?3 AND failures + 1 >= ?4 THEN ?2 + ?5 ELSE locked_until END
       RETURNING locked_until`,
    )
    .bind(key, now, rule.windowMs, rule.limit, rule.lockMs)
}

/**
 * Rate limits on the same table: `limit` events inside `windowMs` are allowed, the last of them starts a
 * lock of `lockMs`. The latest lock among the keys (0 when none is locked).
 */
export async function lockedUntil(db: D1Database, keys: string[], now: number): Promise<number> {
  if (keys.length === 0) return 0
  const rows = await db
    .prepare(`SELECT MAX(locked_until) AS until FROM counters WHERE counter_key IN (${keys.map(() => '?').join(', ')})`)
    .bind(...keys)
    .first<{ until: number | null }>()
  const until = rows?.until ?? 0
  return until > now ? until : 0
}

/** Counts one event for each key, each under its own rule, in one round trip. */
export async function recordEvents(db: D1Database, entries: { key: string; rule: CounterRule }[], now: number): Promise<void> {
  if (entries.length) await db.batch(entries.map((e) => countStatement(db, e.key, e.rule, now)))
}

/**
 * Counts one event per key BEFORE the work it limits (a reserving rule, decision 164), in one round
 * trip: each key's count in its window (a new window once the old one is over) and when the window
 * began. Parallel requests each get their own count, so they cannot all pass one check. No lock is set:
 * the caller refuses a count over the limit and gives the event back (refundEvents).
 */
async function reserveEvents(
  db: D1Database,
  entries: { key: string; rule: CounterRule }[],
  now: number,
): Promise<{ key: string; rule: CounterRule; count: number; windowStart: number }[]> {
  const results = await db.batch<{ failures: number; window_start: number }>(
    entries.map((e) =>
      db
        .prepare(
          `INSERT INTO counters (counter_key, failures, window_start, locked_until) VALUES (?1, 1, ?2, 0)
           ON CONFLICT(counter_key) DO UPDATE SET
             failures = CASE WHEN window_start < ?2 - ?3 THEN 1 ELSE failures + 1 END,
             window_start = CASE WHEN window_start < ?2 - ?3 THEN ?2 ELSE window_start END
           RETURNING failures, window_start`,
        )
        .bind(e.key, now, e.rule.windowMs),
    ),
  )
  return entries.map((e, i) => {
    const row = results[i]!.results[0]!
    return { ...e, count: row.failures, windowStart: row.window_start }
  })
}

/** Gives back reserved events (the request was refused, or replayed an earlier answer): in their window only. */
async function refundEvents(db: D1Database, reserved: { key: string; windowStart: number }[]): Promise<void> {
  if (reserved.length === 0) return
  await db.batch(
    reserved.map((r) =>
      db.prepare('UPDATE counters SET failures = failures - 1 WHERE counter_key = ?1 AND window_start = ?2 AND failures > 0').bind(r.key, r.windowStart),
    ),
  )
}

/** A slot under every key of a limit, or the refusal: how long until the fullest key's window ends. */
export type Reservation = { ok: true; giveBack: () => Promise<void>; counts: number[] } | { ok: false; retryAfterSeconds: number }

/**
 * Takes a slot under each key BEFORE the work it limits (reserveEvents) and refuses when any key is past
 * its limit, giving the refused request's slots back at once: N requests at once meet the limit exactly,
 * a request still running holding its slot. An admitted request gives its slots back (giveBack) when its
 * outcome does not count (decisions 164, 203).
 */
export async function reserveSlots(db: D1Database, entries: { key: string; rule: CounterRule }[], now: number): Promise<Reservation> {
  const reserved = await reserveEvents(db, entries, now)
  const over = reserved.filter((r) => r.count > r.rule.limit)
  if (over.length === 0) return { ok: true, giveBack: () => refundEvents(db, reserved), counts: reserved.map((r) => r.count) }
  await refundEvents(db, reserved)
  const until = Math.max(...over.map((r) => r.windowStart + r.rule.windowMs))
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) }
}

/**
 * One attempt at a secret (a password, a policy's last name and birth date), counted BEFORE `check` runs,
 * so a burst of guesses meets the allowance exactly (a failure counted after the check is one a burst
 * passes: each guess would read 'not locked' and be checked). `check(admitted)` runs in every case, so
 * a refused attempt costs the same work and time (pass a dummy when not admitted). Passing clears the
 * count; the failure that spends the allowance locks the key for `lockMs`.
 */
export async function countedAttempt(
  db: D1Database,
  key: string,
  rule: CounterRule,
  now: number,
  check: (admitted: boolean) => Promise<boolean>,
): Promise<{ passed: true } | { passed: false; locked: boolean; admitted: boolean }> {
  const attempt = (await isLocked(db, key, now)) ? null : await reserveSlots(db, [{ key, rule }], now)
  const admitted = attempt?.ok === true
  const passed = await check(admitted)
  if (admitted && passed) {
    await clearFailures(db, key)
    return { passed: true }
  }
  if (!admitted) return { passed: false, admitted, locked: true }
  // The attempt that spent the allowance locks the key (and says so); the ones before it do not.
  const spent = attempt.ok && attempt.counts[0]! >= rule.limit
  if (spent)
    await db
      .prepare('UPDATE counters SET locked_until = ?2 WHERE counter_key = ?1')
      .bind(key, now + rule.lockMs)
      .run()
  return { passed: false, admitted, locked: spent }
}

async function clearFailures(db: D1Database, key: string): Promise<void> {
  await db.prepare('DELETE FROM counters WHERE counter_key = ?').bind(key).run()
}
