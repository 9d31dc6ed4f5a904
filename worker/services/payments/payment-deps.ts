import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import { paymentProcessor, type PaymentProcessor } from '../../integrations/payments'

/** What the money flow runs on: the processor, the clock, the settlement batch, the mail's delivery. */
export interface PaymentDeps {
  processor: PaymentProcessor
  now: () => number
  /**
   * Runs a settlement's statements as one D1 batch. A seam: a deployment could route it elsewhere,
   * and the reconciliation test makes it fail after the processor charged.
   */
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>
  /**
   * Delivers what a settlement just queued (the receipt, a refusal notice). Make a Payment's request
   * kicks the outbox's mail channel; by default (an automatic payment, drafted by an outbox handler,
   * which may not import the drain) it waits for the scheduled work's drain. Queued either way.
   */
  deliverMail: () => Promise<void>
}

export function paymentDeps(env: Env, overrides: Partial<PaymentDeps> = {}): PaymentDeps {
  return {
    processor: overrides.processor ?? paymentProcessor(env),
    now: overrides.now ?? Date.now,
    batch: overrides.batch ?? ((statements) => env.DB.batch(statements)),
    deliverMail: overrides.deliverMail ?? (() => Promise.resolve()),
  }
}
