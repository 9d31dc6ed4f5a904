import type { D1Database } from '@cloudflare/workers-types'

/**
 * Spec 000 "Partner-site redirect": a policy flagged sendToProgressive (policies.send_to_progressive)
 * is serviced on the partner site; its pages show the redirect banner and the 'Great News!' modal.
 */
export async function policySendsToProgressive(db: D1Database, policyId: string): Promise<boolean> {
  const row = await db.prepare('SELECT send_to_progressive FROM policies WHERE policy_id = ?').bind(policyId).first<{ send_to_progressive: number }>()
  return row?.send_to_progressive === 1
}
