import type { D1Database } from '@cloudflare/workers-types'
import { policySchema, type Policy } from '../../shared/schemas/policy'

/** The policy of record, validated on read; null when it does not exist. */
export async function findPolicy(db: D1Database, policyId: string): Promise<Policy | null> {
  const row = await db.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return row ? policySchema.parse(JSON.parse(row.doc)) : null
}

/** A policy of record with the flag the layout needs (spec 000 "Partner-site redirect"), read together. */
export interface PolicyRecord {
  policy: Policy
  sendToProgressive: boolean
}

function toRecord(row: { doc: string; send_to_progressive: number } | null): PolicyRecord | null {
  return row ? { policy: policySchema.parse(JSON.parse(row.doc)), sendToProgressive: row.send_to_progressive === 1 } : null
}

/** The policy and its flag in one query; null when it does not exist. */
export async function findPolicyRecord(db: D1Database, policyId: string): Promise<PolicyRecord | null> {
  const row = await db.prepare('SELECT doc, send_to_progressive FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string; send_to_progressive: number }>()
  return toRecord(row)
}

/** The same, only when the policy is linked to the profile: scope check and read in one query. */
export async function findLinkedPolicyRecord(db: D1Database, profileId: string, policyId: string): Promise<PolicyRecord | null> {
  const row = await db
    .prepare(
      `SELECT p.doc, p.send_to_progressive FROM policies p
       JOIN profile_policies pp ON pp.policy_id = p.policy_id WHERE p.policy_id = ? AND pp.profile_id = ?`,
    )
    .bind(policyId, profileId)
    .first<{ doc: string; send_to_progressive: number }>()
  return toRecord(row)
}
