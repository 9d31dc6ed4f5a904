import type { Env } from '../../env'
import { isProduction } from '../../env'
import { optOutHttpAdapter, type OptOutHttpConfig } from './http'
import { localOptOutStandIn } from './local'
import type { OptOutPort } from './port'

export type { OptOutPort, OptOutRecord } from './port'

/** Production: the insurer's endpoint (OPT_OUT_API_URL, required there by env.ts); elsewhere the stand-in. */
export function optOutPort(env: Env, deps: Pick<OptOutHttpConfig, 'fetch' | 'timeoutMs'> = {}): OptOutPort {
  if (isProduction(env)) {
    if (!env.OPT_OUT_API_URL) throw new Error('opt-out: production needs OPT_OUT_API_URL')
    return optOutHttpAdapter({ url: env.OPT_OUT_API_URL, ...deps })
  }
  return localOptOutStandIn(env.CACHE)
}
