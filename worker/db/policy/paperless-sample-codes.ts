import type { D1Database } from '@cloudflare/workers-types'

/**
 * The sample PDF's code per session (migration 0024, decision 205): the SQL only; the rules are
 * shared/paperless/consent.ts.
 */

/**
 * The code the session's sample PDF prints: the one it has while that code has tries left, else `fresh`
 * (stored in the same statement, with its tries at 0), so opening the PDF again shows the same code
 * until it is used up.
 */
export async function codeToPrint(db: D1Database, sessionId: string, fresh: string, maxTries: number, now: number): Promise<string> {
  const row = await db
    .prepare(
      `INSERT INTO paperless_sample_codes (session_id, code, tries, created_at) VALUES (?1, ?2, 0, ?3)
       ON CONFLICT(session_id) DO UPDATE SET
         code = CASE WHEN tries >= ?4 THEN excluded.code ELSE code END,
         created_at = CASE WHEN tries >= ?4 THEN excluded.created_at ELSE created_at END,
         tries = CASE WHEN tries >= ?4 THEN 0 ELSE tries END
       RETURNING code`,
    )
    .bind(sessionId, fresh, now, maxTries)
    .first<{ code: string }>()
  if (!row) throw new Error('the sample code was not stored')
  return row.code
}

type TriedCode = { right: boolean; tries: number } | 'out-of-tries' | 'none'

/**
 * One try of a typed code against the session's: judged and, when wrong, counted in one statement, and
 * only while the code has tries left, so parallel guesses each take their own try and no more than
 * `maxTries` are ever judged. A right code costs no try.
 */
export async function tryCode(db: D1Database, sessionId: string, typed: string, maxTries: number): Promise<TriedCode> {
  const row = await db
    .prepare(
      `UPDATE paperless_sample_codes SET tries = tries + (code <> ?2)
       WHERE session_id = ?1 AND tries < ?3
       RETURNING code = ?2 AS right, tries`,
    )
    .bind(sessionId, typed, maxTries)
    .first<{ right: number; tries: number }>()
  if (row) return { right: row.right === 1, tries: row.tries }
  const held = await db.prepare('SELECT 1 AS one FROM paperless_sample_codes WHERE session_id = ?1').bind(sessionId).first()
  return held ? 'out-of-tries' : 'none'
}
