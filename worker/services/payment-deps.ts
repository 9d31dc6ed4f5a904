import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../env'
import { paymentProcessor, type PaymentProcessor } from '../integrations/payments'
import type { Background } from './outbox-delivery'

/** What the money flow runs on: the processor, the clock, the settlement batch, the request's background. */
export interface PaymentDeps {
  processor: PaymentProcessor
  now: () => number
  /**
   * Runs a settlement's statements as one D1 batch. A seam: a deployment could route it elsewhere,
   * and the reconciliation test makes it fail after the processor charged.
   */
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>
  background: Background | null
}

export function paymentDeps(env: Env, overrides: Partial<PaymentDeps> = {}): PaymentDeps {
  return {
    processor: overrides.processor ?? paymentProcessor(env),
    now: overrides.now ?? Date.now,
    batch: overrides.batch ?? ((statements) => env.DB.batch(statements)),
    background: overrides.background ?? null,
  }
}
