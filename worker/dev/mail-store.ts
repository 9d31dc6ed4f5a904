import type { D1Database, KVNamespace } from '@cloudflare/workers-types'

/**
 * The mail stand-in's own state (migration 0023's standin_mail; dev only, nothing in the portal reads
 * it): each message the mail API accepted, once per Idempotency-Key, and its failure switch.
 */
export interface StandInAttachment {
  filename: string
  contentType: string
  size: number
  r2Key: string
}

export interface StandInMail {
  id: number
  receivedAt: number
  from: string
  to: string
  subject: string
  text: string
  attachments: StandInAttachment[]
}

interface Row {
  id: number
  received_at: number
  sender: string
  recipient: string
  subject: string
  body: string
  attachments: string
}

const toMail = (r: Row): StandInMail => ({
  id: r.id,
  receivedAt: r.received_at,
  from: r.sender,
  to: r.recipient,
  subject: r.subject,
  text: r.body,
  attachments: JSON.parse(r.attachments) as StandInAttachment[],
})

/** Keeps a message; false when its key was kept before (a retried delivery: accepted, not kept twice). */
export async function keepMail(db: D1Database, key: string, mail: Omit<StandInMail, 'id'>): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO standin_mail (idempotency_key, received_at, sender, recipient, subject, body, attachments)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    )
    .bind(key, mail.receivedAt, mail.from, mail.to, mail.subject, mail.text, JSON.stringify(mail.attachments))
    .first<{ id: number }>()
  return row !== null
}

/** The newest messages first, to one address when given. */
export async function recentMail(db: D1Database, opts: { to?: string; limit: number }): Promise<StandInMail[]> {
  const stmt = opts.to
    ? db.prepare('SELECT * FROM standin_mail WHERE recipient = ?1 ORDER BY id DESC LIMIT ?2').bind(opts.to, opts.limit)
    : db.prepare('SELECT * FROM standin_mail ORDER BY id DESC LIMIT ?1').bind(opts.limit)
  return (await stmt.all<Row>()).results.map(toMail)
}

export async function mailById(db: D1Database, id: number): Promise<StandInMail | null> {
  const row = await db.prepare('SELECT * FROM standin_mail WHERE id = ?1').bind(id).first<Row>()
  return row ? toMail(row) : null
}

/** KV key of the stand-in's failure switch (POST /__dev/mailbox/fail). */
const FAIL_KEY = 'dev:mail:fail'

/** Refuse the next `remaining` messages (503); or, with delayMs, answer every one that much later (a slow mail API). */
export type MailFailState = { remaining: number } | { delayMs: number }

export const mailFailSwitch = (kv: KVNamespace) => ({
  set: (state: MailFailState) => kv.put(FAIL_KEY, JSON.stringify(state)),
  clear: () => kv.delete(FAIL_KEY),
  /** What this message meets: a refusal, a delay, or nothing. */
  async take(): Promise<'refuse' | { delayMs: number } | null> {
    const fail = await kv.get<MailFailState>(FAIL_KEY, 'json')
    if (!fail) return null
    if ('delayMs' in fail) return { delayMs: fail.delayMs }
    if (fail.remaining <= 1) await kv.delete(FAIL_KEY)
    else await kv.put(FAIL_KEY, JSON.stringify({ remaining: fail.remaining - 1 }))
    return 'refuse'
  },
})
