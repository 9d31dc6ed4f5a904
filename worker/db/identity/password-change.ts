import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

/**
 * A password change touches three tables and must be all or nothing (decision 144): the new hash, every
 * session of the profile revoked, every outstanding reset link used up. These statements go in ONE
 * db.batch (a transaction), with whatever else belongs to the change (its audit line, its notice).
 * (sessions.ts and password-resets.ts keep their single-statement forms for other callers.)
 */
export function passwordChangeStatements(db: D1Database, profileId: string, hash: string, now: number): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE profiles SET password_hash = ? WHERE profile_id = ?').bind(hash, profileId),
    db.prepare('UPDATE sessions SET revoked_at = ? WHERE profile_id = ? AND revoked_at IS NULL').bind(now, profileId),
    db.prepare('UPDATE password_resets SET used_at = ? WHERE profile_id = ? AND used_at IS NULL').bind(now, profileId),
    // Devices remembered for 2-step sign-in are asked for a code again (decision 181).
    db.prepare('UPDATE known_devices SET remembered_until = 0 WHERE profile_id = ?').bind(profileId),
  ]
}

/**
 * Choose a New Password, as one batch: the token used up and the password changed together, or neither
 * (a failed save leaves the link working, so the same form can be sent again). The changes are guarded
 * by the token still being live when the batch runs, and the token is used up after them, so of two
 * saves racing with one link exactly one changes anything. The result at `consumedAt` holds the
 * token's row when this batch used it, and no row when another save had.
 */
export function resetWithTokenStatements(
  db: D1Database,
  r: { tokenHash: string; profileId: string; hash: string; now: number; lockKey: string; requestId: string },
): { statements: D1PreparedStatement[]; consumedAt: number } {
  // ?1 token hash, ?2 profile, ?3 now
  const live = 'EXISTS (SELECT 1 FROM password_resets WHERE token_hash = ?1 AND profile_id = ?2 AND used_at IS NULL AND expires_at > ?3)'
  const usedHere = 'EXISTS (SELECT 1 FROM password_resets WHERE token_hash = ?1 AND profile_id = ?2 AND used_at = ?3)'
  const statements = [
    db.prepare(`UPDATE profiles SET password_hash = ?4 WHERE profile_id = ?2 AND ${live}`).bind(r.tokenHash, r.profileId, r.now, r.hash),
    db.prepare(`UPDATE sessions SET revoked_at = ?3 WHERE profile_id = ?2 AND revoked_at IS NULL AND ${live}`).bind(r.tokenHash, r.profileId, r.now),
    db.prepare(`UPDATE known_devices SET remembered_until = 0 WHERE profile_id = ?2 AND ${live}`).bind(r.tokenHash, r.profileId, r.now),
    // The lock message tells a locked-out owner to reset: a reset lifts the lock.
    db.prepare(`DELETE FROM counters WHERE counter_key = ?4 AND ${live}`).bind(r.tokenHash, r.profileId, r.now, r.lockKey),
    db
      .prepare('UPDATE password_resets SET used_at = ?3 WHERE token_hash = ?1 AND profile_id = ?2 AND used_at IS NULL AND expires_at > ?3 RETURNING profile_id')
      .bind(r.tokenHash, r.profileId, r.now),
    // Only when this batch used the token: every other outstanding link of the profile, and the audit line.
    db.prepare(`UPDATE password_resets SET used_at = ?3 WHERE profile_id = ?2 AND used_at IS NULL AND ${usedHere}`).bind(r.tokenHash, r.profileId, r.now),
    db
      .prepare(`INSERT INTO audit_log (at, request_id, event, profile_id, detail) SELECT ?3, ?4, 'password.reset_completed', ?2, '' WHERE ${usedHere}`)
      .bind(r.tokenHash, r.profileId, r.now, r.requestId),
  ]
  return { statements, consumedAt: 4 }
}
