import type { D1Database } from '@cloudflare/workers-types'

/**
 * Password reset tokens, by the SHA-256 of the token (the token itself is never stored).
 * A new token for the profile; any earlier unused token of the profile stops working. */
export async function insertPasswordReset(db: D1Database, tokenHash: string, profileId: string, now: number, expiresAt: number): Promise<void> {
  await db.batch([
    db.prepare('UPDATE password_resets SET used_at = ?1 WHERE profile_id = ?2 AND used_at IS NULL').bind(now, profileId),
    db.prepare('INSERT INTO password_resets (token_hash, profile_id, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(tokenHash, profileId, now, expiresAt),
  ])
}

/** The profile of a token that is unused and unexpired, or null. */
export async function findLiveReset(db: D1Database, tokenHash: string, now: number): Promise<string | null> {
  const row = await db
    .prepare('SELECT profile_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .bind(tokenHash, now)
    .first<{ profile_id: string }>()
  return row?.profile_id ?? null
}
