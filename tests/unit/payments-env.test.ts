import { describe, it, expect } from 'vitest'
import { checkEnv, type Env } from '../../worker/env'
import { production } from './production-env'

/** The payment processor's settings: required in production, and never the local sandbox there. */

// Refusals first: checkEnv remembers a success for the isolate's life.
describe('payment processor configuration', () => {
  it.each([
    ['no processor address in production', { PAYMENT_API_URL: undefined }, /production needs PAYMENT_API_URL/],
    ['no processor key in production', { PAYMENT_API_KEY: undefined }, /production needs PAYMENT_API_KEY/],
    ['the sandbox address in production', { PAYMENT_API_URL: 'https://portal.proghome.example/__dev/payments' }, /PAYMENT_API_URL point at local stand-ins/],
    ['a processor address that is not a URL', { PAYMENT_API_URL: 'payments' }, /PAYMENT_API_URL/],
  ])('refuses %s', (_name, change, message) => {
    expect(() => checkEnv({ ...production, ...change } as Env)).toThrow(message)
  })

  it('never names the key in its message', () => {
    expect(() => checkEnv({ ...production, PAYMENT_API_URL: 'https://portal.proghome.example/__dev/payments' } as Env)).toThrow(/^(?!.*a-real-payment-key).*$/)
  })

  it('accepts a complete production configuration', () => {
    expect(() => checkEnv(production)).not.toThrow()
  })
})
