import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { outsideUrl } from '../target'
import { paymentsHttpAdapter, type PaymentsHttpConfig } from './http'
import type { PaymentProcessor } from './port'

export type { PaymentProcessor, ChargeRequest, ChargeResult, PaymentMethodDetails } from './port'
export { ProcessorOutcomeUnknownError } from './port'

export type PaymentsDeps = Pick<PaymentsHttpConfig, 'fetch' | 'timeoutMs'>

/** Where the local sandbox answers (worker/dev/payments.ts), under the portal's address. */
const SANDBOX_PATH = '/__dev/payments'

/**
 * The processor as the worker uses it: the HTTP adapter at PAYMENT_API_URL, locally the sandbox by
 * default (reached over HTTP like the real one, decision 191). Every deployed environment needs
 * PAYMENT_API_URL and PAYMENT_API_KEY (env.ts refuses to start without them, or with a /__dev address).
 */
export function paymentProcessor(env: Env, deps: PaymentsDeps = {}): PaymentProcessor {
  if (isDeployed(env) && !env.PAYMENT_API_KEY) throw new Error(`payments: ${env.ENVIRONMENT} needs PAYMENT_API_URL and PAYMENT_API_KEY`)
  const baseUrl = outsideUrl(env, 'payments: PAYMENT_API_URL', env.PAYMENT_API_URL, SANDBOX_PATH)
  return paymentsHttpAdapter({ baseUrl, apiKey: env.PAYMENT_API_KEY ?? '', ...deps })
}
