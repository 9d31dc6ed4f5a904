import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { optOutHttpAdapter, type OptOutHttpConfig } from './http'
import { localOptOutStandIn } from './local'
import type { OptOutPort } from './port'

export type { OptOutPort, OptOutRecord } from './port'

/** Deployed (production, staging, test): the insurer's endpoint (OPT_OUT_API_URL, required there by env.ts); development: the stand-in. */
export function optOutPort(env: Env, deps: Pick<OptOutHttpConfig, 'fetch' | 'timeoutMs'> = {}): OptOutPort {
  if (isDeployed(env)) {
    if (!env.OPT_OUT_API_URL) throw new Error(`opt-out: ${env.ENVIRONMENT} needs OPT_OUT_API_URL`)
    return optOutHttpAdapter({ url: env.OPT_OUT_API_URL, ...deps })
  }
  return localOptOutStandIn(env.CACHE)
}
