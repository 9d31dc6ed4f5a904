import type { Env } from '../../env'
import { outsideUrl } from '../target'
import { optOutHttpAdapter, type OptOutHttpConfig } from './http'
import type { OptOutPort } from './port'

export type { OptOutPort, OptOutRecord } from './port'

/** Where the opt-out stand-in answers (worker/dev/opt-out.ts), under the portal's address. */
const OPT_OUT_STAND_IN_PATH = '/__dev/opt-out/preferences'

/** The insurer's preference endpoint (OPT_OUT_API_URL, required when deployed); locally the stand-in's, over HTTP too (decision 191). */
export function optOutPort(env: Env, deps: Pick<OptOutHttpConfig, 'fetch' | 'timeoutMs'> = {}): OptOutPort {
  return optOutHttpAdapter({ url: outsideUrl(env, 'opt-out: OPT_OUT_API_URL', env.OPT_OUT_API_URL, OPT_OUT_STAND_IN_PATH), ...deps })
}
