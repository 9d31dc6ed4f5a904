import type { Env } from '../../env'

/**
 * What still pays with a saved method (issue 22 item 2): a method that pays a policy automatically is
 * not removed until that policy's automatic payments are stopped or moved to another method.
 */
export async function autopayUsing(env: Env, methodId: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT policy_id FROM autopay_enrolments WHERE method_id = ? AND status = 'active' LIMIT 1")
    .bind(methodId)
    .first<{ policy_id: string }>()
  return row ? `This payment method pays policy ${row.policy_id} automatically. Stop automatic payments or change their method first.` : null
}
