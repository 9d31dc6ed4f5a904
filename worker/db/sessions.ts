import type { D1Database } from '@cloudflare/workers-types'

export interface SessionRow {
  session_id: string
  kind: 'direct' | 'sso'
  profile_id: string | null
  policy_scope: string
  system_origin: string
  current_policy_id: string | null
  created_at: number
  expires_at: number
  absolute_expires_at: number
  revoked_at: number | null
}

export type NewSession = Omit<SessionRow, 'revoked_at' | 'current_policy_id'> & { ip: string; user_agent: string }

export async function insertSession(db: D1Database, s: NewSession): Promise<void> {
  await db
    .prepare(
      `INSERT INTO sessions (session_id, kind, profile_id, policy_scope, system_origin, created_at, expires_at,
        absolute_expires_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(s.session_id, s.kind, s.profile_id, s.policy_scope, s.system_origin, s.created_at, s.expires_at,
      s.absolute_expires_at, s.ip, s.user_agent)
    .run()
}

export function findSession(db: D1Database, id: string): Promise<SessionRow | null> {
  return db.prepare('SELECT * FROM sessions WHERE session_id = ?').bind(id).first<SessionRow>()
}

export async function extendSession(db: D1Database, id: string, expiresAt: number): Promise<void> {
  await db.prepare('UPDATE sessions SET expires_at = ? WHERE session_id = ? AND revoked_at IS NULL').bind(expiresAt, id).run()
}

export async function setCurrentPolicy(db: D1Database, id: string, policyId: string | null): Promise<void> {
  await db.prepare('UPDATE sessions SET current_policy_id = ? WHERE session_id = ?').bind(policyId, id).run()
}

export async function revokeSession(db: D1Database, id: string, at: number): Promise<void> {
  await db.prepare('UPDATE sessions SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL').bind(at, id).run()
}

export async function revokeProfileSessions(db: D1Database, profileId: string, at: number): Promise<void> {
  await db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE profile_id = ? AND revoked_at IS NULL')
    .bind(at, profileId)
    .run()
}
