import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { outsideUrl } from '../target'
import { vendorHttpAdapter, type VendorHttpConfig } from './http'
import type { VendorNetwork } from './port'

export type { VendorNetwork, VendorDispatchRequest } from './port'
export { VendorRefusedError, VendorUnknownOutcomeError } from './port'

export type VendorNetworkDeps = Pick<VendorHttpConfig, 'fetch' | 'timeoutMs'>

/** Where the local stand-in answers (worker/dev/vendors.ts), under the portal's address. */
const STAND_IN_PATH = '/__dev/vendors'

/**
 * The vendor network as the worker uses it: the HTTP adapter at VENDOR_API_URL, locally the stand-in by
 * default (reached over HTTP like the real one, decision 191). Every deployed environment needs
 * VENDOR_API_URL and VENDOR_API_KEY (env.ts refuses to start without them, or with a /__dev address; so does this).
 */
export function vendorNetwork(env: Env, deps: VendorNetworkDeps = {}): VendorNetwork {
  if (isDeployed(env) && !env.VENDOR_API_KEY) throw new Error(`vendor network: ${env.ENVIRONMENT} needs VENDOR_API_URL and VENDOR_API_KEY`)
  const baseUrl = outsideUrl(env, 'vendor network: VENDOR_API_URL', env.VENDOR_API_URL, STAND_IN_PATH)
  return vendorHttpAdapter({ baseUrl, apiKey: env.VENDOR_API_KEY ?? '', ...deps })
}
