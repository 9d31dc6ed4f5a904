import type { D1Database } from '@cloudflare/workers-types'

/**
 * A stand-in's fail switch (dev only): its next `remaining` answers fail with `status`, or do the work
 * and lose the answer (`timeout`). One row in the stand-in's own table; taken one at a time, atomically.
 */
export interface FailState {
  remaining: number
  status: number | null
  timeout: boolean
}

export type FailTable = 'standin_claims_fail' | 'standin_vendor_fail' | 'standin_policy_admin_fail'

export function failSwitch(db: D1Database, table: FailTable) {
  return {
    async set(f: FailState): Promise<void> {
      await db
        .prepare(
          `INSERT INTO ${table} (id, remaining, status, timeout) VALUES (1, ?1, ?2, ?3) ON CONFLICT (id) DO UPDATE SET remaining = ?1, status = ?2, timeout = ?3`,
        )
        .bind(f.remaining, f.status, f.timeout ? 1 : 0)
        .run()
    },
    async clear(): Promise<void> {
      await db.prepare(`DELETE FROM ${table}`).run()
    },
    /** One failure off the switch; null when the stand-in answers normally. */
    async take(): Promise<{ status: number | null; timeout: boolean } | null> {
      const row = await db
        .prepare(`UPDATE ${table} SET remaining = remaining - 1 WHERE id = 1 AND remaining > 0 RETURNING status, timeout`)
        .first<{ status: number | null; timeout: number }>()
      return row ? { status: row.status, timeout: row.timeout === 1 } : null
    },
  }
}
