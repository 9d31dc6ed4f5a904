import type { Env } from '../../env'
import { isDeployed } from '../../env'
import type { FetchLike } from '../outside-call'
import { outsideUrl } from '../target'
import { createHttpPolicyAdmin } from './http'
import type { PolicyAdmin } from './port'

export type { ChangeRequest, ChangeState, PolicyAdmin, PolicyParts } from './port'
export { PolicyAdminRefusedError, PolicyAdminUnavailableError } from './port'

const STAND_IN_PATH = '/__dev/policy-admin'

/**
 * The policy administration system as the worker uses it (decision 214): the HTTP adapter at
 * POLICY_ADMIN_URL, locally the stand-in's API by default; every deployed environment needs
 * POLICY_ADMIN_URL and POLICY_ADMIN_API_KEY (env.ts refuses to start without them, or with a /__dev address).
 */
export function policyAdmin(env: Env, fetchImpl?: FetchLike): PolicyAdmin {
  if (isDeployed(env) && !env.POLICY_ADMIN_API_KEY) throw new Error(`policy admin: ${env.ENVIRONMENT} needs POLICY_ADMIN_URL and POLICY_ADMIN_API_KEY`)
  const baseUrl = outsideUrl(env, 'policy admin: POLICY_ADMIN_URL', env.POLICY_ADMIN_URL, STAND_IN_PATH)
  return createHttpPolicyAdmin({ baseUrl, apiKey: env.POLICY_ADMIN_API_KEY ?? '', ...(fetchImpl ? { fetch: fetchImpl } : {}) })
}
