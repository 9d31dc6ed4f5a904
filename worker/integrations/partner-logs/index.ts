import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { partnerLogsHttpAdapter, type PartnerLogsHttpConfig } from './http'
import type { PartnerLogsPort } from './port'

export type { PartnerLogsPort } from './port'

export type PartnerLogsDeps = Pick<PartnerLogsHttpConfig, 'fetch' | 'timeoutMs'>

/**
 * The partner's app-logs endpoint at PARTNER_LOGS_URL. Locally `npm start` points it at the
 * /__dev/partner-logs receiver inside this same worker, which sits behind the portal's same-origin
 * check for non-GET requests; in development, and only for that receiver, the adapter therefore
 * names the receiver's own origin. Deployed environments send no such header.
 */
export function partnerLogsPort(env: Env, deps: PartnerLogsDeps = {}): PartnerLogsPort {
  const url = new URL(env.PARTNER_LOGS_URL)
  const localReceiver = !isDeployed(env) && url.pathname.startsWith('/__dev/')
  return partnerLogsHttpAdapter({ url: env.PARTNER_LOGS_URL, ...deps, ...(localReceiver ? { headers: { Origin: url.origin } } : {}) })
}
