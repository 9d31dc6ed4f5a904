import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { outsideUrl } from '../target'
import { claimsSystemHttpAdapter, type ClaimsSystemHttpConfig } from './http'
import type { ClaimsSystem } from './port'

export type { ClaimsSystem, ClaimNotice, PaymentInstruction } from './port'
export { ClaimsSystemRefusedError, ClaimsSystemUnknownOutcomeError } from './port'

export type ClaimsSystemDeps = Pick<ClaimsSystemHttpConfig, 'fetch' | 'timeoutMs'>

/** Where the local stand-in answers (worker/dev/claims-system/stand-in.ts), under the portal's address. */
const STAND_IN_PATH = '/__dev/claims-system'

/**
 * The claims system as the worker uses it: the HTTP adapter at CLAIMS_SYSTEM_URL, locally the stand-in
 * by default (reached over HTTP like the real one, decision 191). Every deployed environment needs
 * CLAIMS_SYSTEM_URL and CLAIMS_SYSTEM_SECRET (env.ts refuses to start without them, or with a /__dev address).
 */
export function claimsSystem(env: Env, deps: ClaimsSystemDeps = {}): ClaimsSystem {
  if (isDeployed(env) && !env.CLAIMS_SYSTEM_SECRET) throw new Error(`claims system: ${env.ENVIRONMENT} needs CLAIMS_SYSTEM_URL and CLAIMS_SYSTEM_SECRET`)
  const baseUrl = outsideUrl(env, 'claims system: CLAIMS_SYSTEM_URL', env.CLAIMS_SYSTEM_URL, STAND_IN_PATH)
  return claimsSystemHttpAdapter({ baseUrl, secret: env.CLAIMS_SYSTEM_SECRET ?? '', ...deps })
}
