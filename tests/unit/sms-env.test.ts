import { describe, it, expect } from 'vitest'
import { checkEnv, type Env } from '../../worker/env'
import { smsSender } from '../../worker/integrations/sms'
import { production } from './production-env'

/** The SMS provider's settings (decision 209): required in every deployed environment, and never the local stand-in there. */

// Refusals first: checkEnv remembers a success for the isolate's life.
describe('SMS provider configuration', () => {
  it.each([
    ['no SMS address in production', { SMS_API_URL: undefined }, /production needs SMS_API_URL/],
    ['no SMS key in staging', { ENVIRONMENT: 'staging', SMS_API_KEY: undefined }, /staging needs SMS_API_KEY/],
    ['no inbound webhook secret in production', { SMS_WEBHOOK_SECRET: undefined }, /production needs SMS_WEBHOOK_SECRET/],
    ['a short inbound webhook secret', { SMS_WEBHOOK_SECRET: 'short' }, /SMS_WEBHOOK_SECRET: must be at least 32 characters/],
    ['the development webhook secret in production', { SMS_WEBHOOK_SECRET: 'dev-only-sms-webhook-secret-change-me-012345' }, /development secrets/],
    ['the stand-in address in production', { SMS_API_URL: 'https://portal.proghome.example/__dev/sms/messages' }, /SMS_API_URL point at local stand-ins/],
  ])('refuses %s', (_name, change, message) => {
    expect(() => checkEnv({ ...production, ...change } as Env)).toThrow(message)
  })

  it('the adapter itself refuses the stand-in or a missing key outside development', () => {
    expect(() => smsSender({ ...production, SMS_API_URL: 'https://portal.proghome.example/__dev/sms/messages' })).toThrow(/cannot use the local stand-in/)
    expect(() => smsSender({ ...production, SMS_API_KEY: undefined })).toThrow(/production needs SMS_API_URL and SMS_API_KEY/)
    expect(() => smsSender(production)).not.toThrow()
  })

  it('accepts a complete production configuration', () => {
    expect(() => checkEnv(production)).not.toThrow()
  })
})
