import type { D1Database } from '@cloudflare/workers-types'

/** References expire at the identity service within minutes; a week of memory is ample. */
const USED_REFERENCE_RETENTION_MS = 7 * 24 * 60 * 60_000

export async function referenceHash(reference: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(reference))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Marks a reference used, atomically: true the first time, false ever after (so two requests racing
 * with the same reference cannot both pick it up). Old rows are pruned on the way.
 */
export async function claimReference(db: D1Database, reference: string, now = Date.now()): Promise<boolean> {
  const hash = await referenceHash(reference)
  const [, insert] = await db.batch([
    db.prepare('DELETE FROM sso_used_references WHERE used_at < ?').bind(now - USED_REFERENCE_RETENTION_MS),
    db.prepare('INSERT INTO sso_used_references (ref_hash, used_at) VALUES (?, ?) ON CONFLICT(ref_hash) DO NOTHING').bind(hash, now),
  ])
  return (insert?.meta.changes ?? 0) === 1
}
