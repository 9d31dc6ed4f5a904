import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'

export interface SignInCodeRow {
  code_id: string
  profile_id: string
  purpose: 'sign-in' | 'step-up'
  session_id: string | null
  code_hash: string
  created_at: number
  expires_at: number
  tries: number
  used_at: number | null
}

export function insertCodeStatement(db: D1Database, row: Omit<SignInCodeRow, 'tries' | 'used_at'>): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO sign_in_codes (code_id, profile_id, purpose, session_id, code_hash, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(row.code_id, row.profile_id, row.purpose, row.session_id, row.code_hash, row.created_at, row.expires_at)
}

/**
 * The earlier unused codes a new one replaces: a sign-in code, every unused sign-in code of the profile
 * (one pending sign-in at a time); a step-up code, only the unused step-up codes of its own session
 * (issue 31): each session proves itself with its own code, so asking in one session never retires the
 * code another session of the same owner is about to type.
 */
export function retireCodesStatement(db: D1Database, code: Pick<SignInCodeRow, 'profile_id' | 'purpose' | 'session_id'>, now: number): D1PreparedStatement {
  if (code.purpose === 'step-up')
    return db
      .prepare("UPDATE sign_in_codes SET used_at = ?1 WHERE profile_id = ?2 AND purpose = 'step-up' AND session_id = ?3 AND used_at IS NULL")
      .bind(now, code.profile_id, code.session_id)
  return db.prepare("UPDATE sign_in_codes SET used_at = ?1 WHERE profile_id = ?2 AND purpose = 'sign-in' AND used_at IS NULL").bind(now, code.profile_id)
}

export function findCode(db: D1Database, codeId: string): Promise<SignInCodeRow | null> {
  return db.prepare('SELECT * FROM sign_in_codes WHERE code_id = ?').bind(codeId).first<SignInCodeRow>()
}

/**
 * Marks the code used if, at this instant, it is still unused, unexpired and has tries left: one
 * statement, so two requests racing with the right code cannot both succeed. Whether this one won.
 */
/**
 * Takes one of the code's tries before the typed code is compared, in one statement, so a burst of
 * guesses meets the limit exactly (a count taken after the check is a count a burst passes): the try's
 * number, or null when none is left (used, expired or out of tries).
 */
export async function takeTry(db: D1Database, codeId: string, maxTries: number, now: number): Promise<number | null> {
  const row = await db
    .prepare('UPDATE sign_in_codes SET tries = tries + 1 WHERE code_id = ?1 AND used_at IS NULL AND expires_at > ?2 AND tries < ?3 RETURNING tries')
    .bind(codeId, now, maxTries)
    .first<{ tries: number }>()
  return row?.tries ?? null
}

/** Uses the code (its try was taken); false when another request used it first. */
export async function consumeCode(db: D1Database, codeId: string, now: number): Promise<boolean> {
  const row = await db
    .prepare('UPDATE sign_in_codes SET used_at = ?1 WHERE code_id = ?2 AND used_at IS NULL AND expires_at > ?1 RETURNING code_id')
    .bind(now, codeId)
    .first<{ code_id: string }>()
  return row !== null
}

/** The newest step-up code mailed for a session, if any. */
export function latestStepUpCode(db: D1Database, sessionId: string): Promise<SignInCodeRow | null> {
  return db
    .prepare("SELECT * FROM sign_in_codes WHERE purpose = 'step-up' AND session_id = ? ORDER BY created_at DESC LIMIT 1")
    .bind(sessionId)
    .first<SignInCodeRow>()
}
