import { describe, it, expect } from 'vitest'
import { checkEnv, type Env } from '../../worker/env'
import { production } from './production-env'

/** The claims system's settings: required in every deployed environment, and never the local stand-in there. */

// Refusals first: checkEnv remembers a success for the isolate's life.
describe('claims system configuration', () => {
  it.each([
    ['no claims system address in production', { CLAIMS_SYSTEM_URL: undefined }, /production needs CLAIMS_SYSTEM_URL/],
    ['no claims system secret in production', { CLAIMS_SYSTEM_SECRET: undefined }, /production needs CLAIMS_SYSTEM_SECRET/],
    ['no webhook secret in staging', { ENVIRONMENT: 'staging', CLAIMS_SYSTEM_WEBHOOK_SECRET: undefined }, /staging needs CLAIMS_SYSTEM_WEBHOOK_SECRET/],
    [
      'the stand-in address in production',
      { CLAIMS_SYSTEM_URL: 'https://portal.proghome.example/__dev/claims-system' },
      /CLAIMS_SYSTEM_URL point at local stand-ins/,
    ],
    ['a short webhook secret', { CLAIMS_SYSTEM_WEBHOOK_SECRET: 'short' }, /CLAIMS_SYSTEM_WEBHOOK_SECRET: must be at least 32 characters/],
    ['the development webhook secret in production', { CLAIMS_SYSTEM_WEBHOOK_SECRET: 'dev-only-claims-webhook-secret-change-me-0123' }, /development secrets/],
  ])('refuses %s', (_name, change, message) => {
    expect(() => checkEnv({ ...production, ...change } as Env)).toThrow(message)
  })

  it('accepts a complete production configuration', () => {
    expect(() => checkEnv(production)).not.toThrow()
  })
})
