import { describe, it, expect } from 'vitest'
import { checkEnv, type Env } from '../../worker/env'
import { production } from './production-env'

// Each refusal is checked before the valid case: checkEnv remembers a success for the isolate's life.
describe('configuration check', () => {
  it.each([
    ['a missing secret', { PASSWORD_PEPPER: undefined }, /PASSWORD_PEPPER/],
    ['a short signing key', { SESSION_SIGNING_KEY: 'short' }, /SESSION_SIGNING_KEY/],
    ['a missing flash key', { FLASH_SIGNING_KEY: undefined }, /FLASH_SIGNING_KEY/],
    ['a short flash key', { FLASH_SIGNING_KEY: 'short' }, /FLASH_SIGNING_KEY: must be at least 32 characters/],
    ['the session key as the flash key', { FLASH_SIGNING_KEY: 'a-real-production-signing-key-0123456789abcdef' }, /FLASH_SIGNING_KEY must differ/],
    ['a development flash key in production', { FLASH_SIGNING_KEY: 'dev-only-flash-key-change-me-0123456789abcdef' }, /development secrets/],
    ['no mail API in production', { MAIL_API_URL: undefined }, /production needs MAIL_API_URL/],
    ['no identity adapter secret in production', { PING_ADAPTER_SECRET: undefined }, /PING_ADAPTER_SECRET/],
    ['stand-in addresses in production', { PARTNER_LOGS_URL: 'https://portal.example/__dev/partner-logs' }, /PARTNER_LOGS_URL point at local stand-ins/],
    ['development secrets in production', { SESSION_SIGNING_KEY: 'dev-only-signing-key-change-me-0123456789abcdef' }, /development secrets/],
    ['an unknown environment', { ENVIRONMENT: 'prod' }, /ENVIRONMENT/],
    // The short session to try the timeout warning is local development's only (issue 21 item 11).
    ['a development session length in production', { SESSION_IDLE_MINUTES: '3' }, /SESSION_IDLE_MINUTES is for local development only, not production/],
    [
      'a development session length in staging',
      { ENVIRONMENT: 'staging', SESSION_IDLE_MINUTES: '5' },
      /SESSION_IDLE_MINUTES is for local development only, not staging/,
    ],
    ['a session length the warning cannot fit', { ENVIRONMENT: 'development', SESSION_IDLE_MINUTES: '1' }, /SESSION_IDLE_MINUTES: must be 3 to 15 minutes/],
    [
      'a session length that is not minutes',
      { ENVIRONMENT: 'development', SESSION_IDLE_MINUTES: '2.5' },
      /SESSION_IDLE_MINUTES: must be a whole number of minutes/,
    ],
    // Staging and test are deployed too: the same requirements as production (decision 120).
    ['no mail API in staging', { ENVIRONMENT: 'staging', MAIL_API_URL: undefined }, /staging needs MAIL_API_URL/],
    ['no opt-out endpoint in test', { ENVIRONMENT: 'test', OPT_OUT_API_URL: undefined }, /test needs OPT_OUT_API_URL/],
    [
      'stand-in addresses in staging',
      { ENVIRONMENT: 'staging', PING_BASE_URL: 'https://staging.example/__dev/identity' },
      /PING_BASE_URL point at local stand-ins/,
    ],
    ['development secrets in staging', { ENVIRONMENT: 'staging', PASSWORD_PEPPER: 'test-pepper-0123456789' }, /development secrets in staging/],
  ])('refuses %s', (_name, change, message) => {
    expect(() => checkEnv({ ...production, ...change } as Env)).toThrow(message)
  })

  it('never puts a secret value in its message', () => {
    expect(() => checkEnv({ ...production, SESSION_SIGNING_KEY: 'dev-only-signing-key-change-me-0123456789abcdef' } as Env)).toThrow(
      /^(?!.*dev-only-signing-key).*$/,
    )
  })

  it('accepts a complete production configuration', () => {
    expect(() => checkEnv(production)).not.toThrow()
  })
})
