import type { D1Database } from '@cloudflare/workers-types'

/** The verification answers of a policy of record (never logged: birth_date is a date of birth). */
export interface PolicyIdentityRow {
  policy_id: string
  last_name: string
  birth_date: string | null
  send_to_progressive: number
}

export function findPolicyIdentity(db: D1Database, policyId: string): Promise<PolicyIdentityRow | null> {
  return db.prepare('SELECT policy_id, last_name, birth_date, send_to_progressive FROM policies WHERE policy_id = ?').bind(policyId).first<PolicyIdentityRow>()
}
