import type { D1Database } from '@cloudflare/workers-types'
import { policySchema, type Policy } from '../../shared/schemas/policy'

/** The policy of record, validated on read; null when it does not exist. */
export async function findPolicy(db: D1Database, policyId: string): Promise<Policy | null> {
  const row = await db.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return row ? policySchema.parse(JSON.parse(row.doc)) : null
}
