import type { Context } from 'hono'
import type { AppEnv } from '../types'

/**
 * The loaded policy's sendToProgressive flag (policies.send_to_progressive), for the layout's partner
 * banner and 'Great News!' modal. The policy document does not carry it; the guards read it in the
 * same query as the policy (worker/services/policy/policy-access.ts). Undefined when no policy is loaded.
 */
export function partnerFlag(c: Context<AppEnv>): boolean | undefined {
  return c.get('policy') ? c.get('policySendsToProgressive') : undefined
}
