import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { vendorHttpAdapter, type VendorHttpConfig } from './http'
import type { VendorNetwork } from './port'

export type { VendorNetwork, VendorDispatchRequest } from './port'
export { VendorRefusedError, VendorTimeoutError, VendorUnknownOutcomeError } from './port'

export type VendorNetworkDeps = Pick<VendorHttpConfig, 'fetch' | 'timeoutMs'>

/** Where the local stand-in answers (worker/dev/vendors.ts), under the portal's address. */
const STAND_IN_PATH = '/__dev/vendors'

/**
 * The vendor network as the worker uses it: the HTTP adapter at VENDOR_API_URL. In development that
 * may be the local stand-in inside this same worker (`npm start` points it there; without the setting,
 * the stand-in at PORTAL_BASE_URL), which sits behind the portal's same-origin check for POSTs, so the
 * adapter names the stand-in's own origin. Every deployed environment needs VENDOR_API_URL and
 * VENDOR_API_KEY (env.ts refuses to start without them, or with a /__dev address; so does this).
 */
export function vendorNetwork(env: Env, deps: VendorNetworkDeps = {}): VendorNetwork {
  if (isDeployed(env)) {
    if (!env.VENDOR_API_URL || !env.VENDOR_API_KEY) throw new Error(`vendor network: ${env.ENVIRONMENT} needs VENDOR_API_URL and VENDOR_API_KEY`)
    if (new URL(env.VENDOR_API_URL).pathname.startsWith('/__dev/')) throw new Error(`vendor network: ${env.ENVIRONMENT} cannot use the local stand-in`)
    return vendorHttpAdapter({ baseUrl: env.VENDOR_API_URL, apiKey: env.VENDOR_API_KEY, ...deps })
  }
  const baseUrl = env.VENDOR_API_URL ?? `${env.PORTAL_BASE_URL.replace(/\/+$/, '')}${STAND_IN_PATH}`
  const url = new URL(baseUrl)
  return vendorHttpAdapter({
    baseUrl,
    apiKey: env.VENDOR_API_KEY ?? '',
    ...deps,
    ...(url.pathname.startsWith('/__dev/') ? { headers: { Origin: url.origin } } : {}),
  })
}
