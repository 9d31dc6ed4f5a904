import { describe, it, expect } from 'vitest'
import { checkEnv, type Env } from '../../worker/env'
import { vendorNetwork } from '../../worker/integrations/vendors'
import { production } from './production-env'

/** The vendor network's settings (decision 170): required in every deployed environment, and never the local stand-in there. */

// Refusals first: checkEnv remembers a success for the isolate's life.
describe('vendor network configuration', () => {
  it.each([
    ['no vendor network address in production', { VENDOR_API_URL: undefined }, /production needs VENDOR_API_URL/],
    ['no vendor network key in staging', { ENVIRONMENT: 'staging', VENDOR_API_KEY: undefined }, /staging needs VENDOR_API_KEY/],
    ['the stand-in address in production', { VENDOR_API_URL: 'https://portal.proghome.example/__dev/vendors' }, /VENDOR_API_URL point at local stand-ins/],
    ['a vendor address that is not a URL', { VENDOR_API_URL: 'vendors' }, /VENDOR_API_URL/],
  ])('refuses %s', (_name, change, message) => {
    expect(() => checkEnv({ ...production, ...change } as Env)).toThrow(message)
  })

  it('the adapter itself refuses the stand-in or a missing key outside development', () => {
    expect(() => vendorNetwork({ ...production, VENDOR_API_URL: 'https://portal.proghome.example/__dev/vendors' })).toThrow(/cannot use the local stand-in/)
    expect(() => vendorNetwork({ ...production, VENDOR_API_KEY: undefined })).toThrow(/production needs VENDOR_API_URL and VENDOR_API_KEY/)
    expect(() => vendorNetwork(production)).not.toThrow()
  })

  it('accepts a complete production configuration', () => {
    expect(() => checkEnv(production)).not.toThrow()
  })
})
