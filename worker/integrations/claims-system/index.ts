import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { claimsSystemHttpAdapter, type ClaimsSystemHttpConfig } from './http'
import type { ClaimsSystem } from './port'

export type { ClaimsSystem, ClaimNotice } from './port'
export { ClaimsSystemRefusedError, ClaimsSystemTimeoutError, ClaimsSystemUnknownOutcomeError } from './port'

export type ClaimsSystemDeps = Pick<ClaimsSystemHttpConfig, 'fetch' | 'timeoutMs'>

/** Where the local stand-in answers (worker/dev/claims-system.ts), under the portal's address. */
export const STAND_IN_PATH = '/__dev/claims-system'

/**
 * The claims system as the worker uses it: the HTTP adapter at CLAIMS_SYSTEM_URL. In development that
 * may be the local stand-in inside this same worker (`npm start` points it there; without the setting,
 * the stand-in at PORTAL_BASE_URL), which sits behind the portal's same-origin check for POSTs, so the
 * adapter names the stand-in's own origin. Every deployed environment needs CLAIMS_SYSTEM_URL and
 * CLAIMS_SYSTEM_SECRET (env.ts refuses to start without them, or with a /__dev address).
 */
export function claimsSystem(env: Env, deps: ClaimsSystemDeps = {}): ClaimsSystem {
  if (isDeployed(env)) {
    if (!env.CLAIMS_SYSTEM_URL || !env.CLAIMS_SYSTEM_SECRET)
      throw new Error(`claims system: ${env.ENVIRONMENT} needs CLAIMS_SYSTEM_URL and CLAIMS_SYSTEM_SECRET`)
    if (new URL(env.CLAIMS_SYSTEM_URL).pathname.startsWith('/__dev/')) throw new Error(`claims system: ${env.ENVIRONMENT} cannot use the local stand-in`)
    return claimsSystemHttpAdapter({ baseUrl: env.CLAIMS_SYSTEM_URL, secret: env.CLAIMS_SYSTEM_SECRET, ...deps })
  }
  const baseUrl = env.CLAIMS_SYSTEM_URL ?? `${env.PORTAL_BASE_URL.replace(/\/+$/, '')}${STAND_IN_PATH}`
  const url = new URL(baseUrl)
  const standIn = url.pathname.startsWith('/__dev/')
  return claimsSystemHttpAdapter({
    baseUrl,
    secret: env.CLAIMS_SYSTEM_SECRET ?? '',
    ...deps,
    ...(standIn ? { headers: { Origin: url.origin } } : {}),
  })
}
