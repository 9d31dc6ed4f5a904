import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { paymentsHttpAdapter, type PaymentsHttpConfig } from './http'
import type { PaymentProcessor } from './port'

export type { PaymentProcessor, ChargeRequest, ChargeResult, PaymentMethodDetails } from './port'
export { ProcessorOutcomeUnknownError, ProcessorTimeoutError } from './port'

export type PaymentsDeps = Pick<PaymentsHttpConfig, 'fetch' | 'timeoutMs'>

/** Where the local sandbox answers (worker/dev/payments.ts), for a portal at `portalBaseUrl`. */
export const SANDBOX_PATH = '/__dev/payments'

/**
 * The processor as the worker uses it: the HTTP adapter at PAYMENT_API_URL. In development that
 * may be the local sandbox inside this same worker (`npm start` points it there; without the setting,
 * the sandbox at PORTAL_BASE_URL), which sits behind the portal's same-origin check for POSTs, so the
 * adapter names the sandbox's own origin. Every deployed environment needs PAYMENT_API_URL and PAYMENT_API_KEY
 * (env.ts refuses to start without them, or with a /__dev address) and never reaches the sandbox.
 */
export function paymentProcessor(env: Env, deps: PaymentsDeps = {}): PaymentProcessor {
  if (isDeployed(env)) {
    if (!env.PAYMENT_API_URL || !env.PAYMENT_API_KEY) throw new Error(`payments: ${env.ENVIRONMENT} needs PAYMENT_API_URL and PAYMENT_API_KEY`)
    if (new URL(env.PAYMENT_API_URL).pathname.startsWith('/__dev/')) throw new Error(`payments: ${env.ENVIRONMENT} cannot use the local sandbox`)
    return paymentsHttpAdapter({ baseUrl: env.PAYMENT_API_URL, apiKey: env.PAYMENT_API_KEY, ...deps })
  }
  const baseUrl = env.PAYMENT_API_URL ?? `${env.PORTAL_BASE_URL.replace(/\/+$/, '')}${SANDBOX_PATH}`
  const url = new URL(baseUrl)
  const sandbox = url.pathname.startsWith('/__dev/')
  return paymentsHttpAdapter({
    baseUrl,
    apiKey: env.PAYMENT_API_KEY ?? '',
    ...deps,
    ...(sandbox ? { headers: { Origin: url.origin } } : {}),
  })
}
