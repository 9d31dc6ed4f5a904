import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

export interface PasskeyRow {
  credential_id: string
  profile_id: string
  name: string
  public_key: string
  counter: number
  transports: string
  created_at: number
  last_used_at: number | null
}

export type ChallengePurpose = 'register' | 'sign-in' | 'step-up'

export function insertChallenge(
  db: D1Database,
  c: { challengeId: string; purpose: ChallengePurpose; profileId: string | null; sessionId: string | null; challenge: string; now: number; expiresAt: number },
): Promise<unknown> {
  return db
    .prepare(
      `INSERT INTO webauthn_challenges (challenge_id, purpose, profile_id, session_id, challenge, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(c.challengeId, c.purpose, c.profileId, c.sessionId, c.challenge, c.now, c.expiresAt)
    .run()
}

/**
 * Uses the challenge up: it must be of the purpose (and the session, when given), unused and unexpired.
 * One statement, so a replay, even a concurrent one, finds it used. The challenge, or null.
 */
export async function consumeChallenge(
  db: D1Database,
  challengeId: string,
  purpose: ChallengePurpose,
  sessionId: string | null,
  now: number,
): Promise<{ challenge: string; profile_id: string | null } | null> {
  return db
    .prepare(
      `UPDATE webauthn_challenges SET used_at = ?1
       WHERE challenge_id = ?2 AND purpose = ?3 AND used_at IS NULL AND expires_at > ?1 AND (?4 IS NULL OR session_id = ?4)
       RETURNING challenge, profile_id`,
    )
    .bind(now, challengeId, purpose, sessionId)
    .first<{ challenge: string; profile_id: string | null }>()
}

export async function passkeysOf(db: D1Database, profileId: string): Promise<PasskeyRow[]> {
  const { results } = await db.prepare('SELECT * FROM passkeys WHERE profile_id = ? ORDER BY created_at').bind(profileId).all<PasskeyRow>()
  return results
}

export function findPasskey(db: D1Database, credentialId: string): Promise<PasskeyRow | null> {
  return db.prepare('SELECT * FROM passkeys WHERE credential_id = ?').bind(credentialId).first<PasskeyRow>()
}

export function insertPasskeyStatement(db: D1Database, p: Omit<PasskeyRow, 'last_used_at'>): D1PreparedStatement {
  return db
    .prepare('INSERT INTO passkeys (credential_id, profile_id, name, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(p.credential_id, p.profile_id, p.name, p.public_key, p.counter, p.transports, p.created_at)
}

export function passkeyUsedStatement(db: D1Database, credentialId: string, counter: number, at: number): D1PreparedStatement {
  return db.prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE credential_id = ?').bind(counter, at, credentialId)
}

/** Removes one passkey of the profile (never another profile's). */
export function deletePasskeyStatement(db: D1Database, profileId: string, credentialId: string): D1PreparedStatement {
  return db.prepare('DELETE FROM passkeys WHERE profile_id = ? AND credential_id = ?').bind(profileId, credentialId)
}
