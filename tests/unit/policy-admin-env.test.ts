import { describe, it, expect } from 'vitest'
import { checkEnv, type Env } from '../../worker/env'
import { policyAdmin } from '../../worker/integrations/policy-admin'
import { production } from './production-env'

/** The policy administration system's settings (decision 214): required in every deployed environment, and never the local stand-in there. */

// Refusals first: checkEnv remembers a success for the isolate's life.
describe('policy administration configuration', () => {
  it.each([
    ['no address in production', { POLICY_ADMIN_URL: undefined }, /production needs POLICY_ADMIN_URL/],
    ['no key in staging', { ENVIRONMENT: 'staging', POLICY_ADMIN_API_KEY: undefined }, /staging needs POLICY_ADMIN_API_KEY/],
    [
      'the stand-in address in production',
      { POLICY_ADMIN_URL: 'https://portal.proghome.example/__dev/policy-admin' },
      /POLICY_ADMIN_URL point at local stand-ins/,
    ],
  ])('refuses %s', (_name, change, message) => {
    expect(() => checkEnv({ ...production, ...change } as Env)).toThrow(message)
  })

  it('the adapter itself refuses the stand-in or a missing key outside development', () => {
    expect(() => policyAdmin({ ...production, POLICY_ADMIN_URL: 'https://portal.proghome.example/__dev/policy-admin' })).toThrow(
      /cannot use the local stand-in/,
    )
    expect(() => policyAdmin({ ...production, POLICY_ADMIN_API_KEY: undefined })).toThrow(/production needs POLICY_ADMIN_URL and POLICY_ADMIN_API_KEY/)
    expect(() => policyAdmin(production)).not.toThrow()
  })

  it('accepts a complete production configuration', () => {
    expect(() => checkEnv(production)).not.toThrow()
  })
})
