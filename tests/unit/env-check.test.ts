import { describe, it, expect } from 'vitest'
import { checkEnv, type Env } from '../../worker/env'

const production = {
  ENVIRONMENT: 'production',
  MARKETING_HOST_PREFIX: 'https://www.proghome.example',
  OPT_OUT_URL: 'https://privacy.proghome.example/opt-out',
  PARTNER_LOGIN_URL: 'https://partner.example/login',
  SSO_LOGOUT_URL: 'https://partner.example/logout',
  SSO_HOME_URL: 'https://partner.example/account',
  PING_BASE_URL: 'https://identity.example/pf',
  PING_LOGIN_URL: 'https://identity.example/login',
  PARTNER_LOGS_URL: 'https://partner.example/app-logs',
  SUPPORT_PHONE: '1-800-555-0134',
  CLAIMS_PHONE: '1-800-555-0199',
  PORTAL_BASE_URL: 'https://portal.proghome.example',
  MAIL_API_URL: 'https://mail.example/send',
  MAIL_FROM: 'no-reply@proghome.example',
  MAIL_API_KEY: 'key',
  PING_ADAPTER_ID: 'portal',
  PING_INSTANCE_ID: 'prod',
  PING_ADAPTER_SECRET: 'secret',
  OPT_OUT_API_URL: 'https://privacy-api.example/preferences',
  PAYMENT_API_URL: 'https://payments.example/v1',
  PAYMENT_API_KEY: 'key',
  SESSION_SIGNING_KEY: 'a-real-production-signing-key-0123456789abcdef',
  PASSWORD_PEPPER: 'a-real-production-pepper',
} as unknown as Env

// Each refusal is checked before the valid case: checkEnv remembers a success for the isolate's life.
describe('configuration check', () => {
  it.each([
    ['a missing secret', { PASSWORD_PEPPER: undefined }, /PASSWORD_PEPPER/],
    ['a short signing key', { SESSION_SIGNING_KEY: 'short' }, /SESSION_SIGNING_KEY/],
    ['no mail API in production', { MAIL_API_URL: undefined }, /production needs MAIL_API_URL/],
    ['no identity adapter secret in production', { PING_ADAPTER_SECRET: undefined }, /PING_ADAPTER_SECRET/],
    ['stand-in addresses in production', { PARTNER_LOGS_URL: 'https://portal.example/__dev/partner-logs' }, /PARTNER_LOGS_URL point at local stand-ins/],
    ['development secrets in production', { SESSION_SIGNING_KEY: 'dev-only-signing-key-change-me-0123456789abcdef' }, /development secrets/],
    ['an unknown environment', { ENVIRONMENT: 'prod' }, /ENVIRONMENT/],
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
