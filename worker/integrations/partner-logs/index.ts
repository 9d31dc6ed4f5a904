import type { Env } from '../../env'
import { partnerLogsHttpAdapter, type PartnerLogsHttpConfig } from './http'
import type { PartnerLogsPort } from './port'

export type { PartnerLogsPort } from './port'

export type PartnerLogsDeps = Pick<PartnerLogsHttpConfig, 'fetch' | 'timeoutMs'>

/**
 * The partner's app-logs endpoint at PARTNER_LOGS_URL (locally `npm start` points it at the
 * /__dev/partner-logs receiver, reached over HTTP like the partner's; env.ts refuses such an address
 * in every deployed environment).
 */
export function partnerLogsPort(env: Env, deps: PartnerLogsDeps = {}): PartnerLogsPort {
  return partnerLogsHttpAdapter({ url: env.PARTNER_LOGS_URL, ...deps })
}
