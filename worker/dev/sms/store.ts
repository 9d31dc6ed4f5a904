import type { D1Database } from '@cloudflare/workers-types'

/**
 * The SMS stand-in's own state (migration 0028's standin_sms; dev only, nothing in the portal reads it):
 * each text the SMS API accepted, once per Idempotency-Key.
 */
export interface StandInText {
  id: number
  receivedAt: number
  to: string
  text: string
}

interface Row {
  id: number
  received_at: number
  recipient: string
  body: string
}

const toText = (r: Row): StandInText => ({ id: r.id, receivedAt: r.received_at, to: r.recipient, text: r.body })

/** Keeps a text; false when its key was kept before (a retried delivery: accepted, not kept twice). */
export async function keepText(db: D1Database, key: string, t: Omit<StandInText, 'id'>): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO standin_sms (idempotency_key, received_at, recipient, body) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    )
    .bind(key, t.receivedAt, t.to, t.text)
    .first<{ id: number }>()
  return row !== null
}

/** The newest texts first, to one number when given. */
export async function recentTexts(db: D1Database, opts: { to?: string; limit: number }): Promise<StandInText[]> {
  const stmt = opts.to
    ? db.prepare('SELECT * FROM standin_sms WHERE recipient = ?1 ORDER BY id DESC LIMIT ?2').bind(opts.to, opts.limit)
    : db.prepare('SELECT * FROM standin_sms ORDER BY id DESC LIMIT ?1').bind(opts.limit)
  return (await stmt.all<Row>()).results.map(toText)
}
