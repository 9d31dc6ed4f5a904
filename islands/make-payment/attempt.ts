import type { PaymentPayload } from '../../shared/schemas/payment'
import { paymentRequestFingerprint } from '../../shared/payments/payload'
import type { PaymentStore } from './store'

/** 128 random bits, hex (crypto.randomUUID is missing outside secure contexts). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The Idempotency-Key for sending this payload: the current attempt's key while the payment is the same
 * (a retry after a lost or failed answer), a new one when it is another payment.
 */
export function idempotencyKeyFor(store: PaymentStore, payload: PaymentPayload, makeKey: () => string = newIdempotencyKey): string {
  const fingerprint = paymentRequestFingerprint(payload)
  if (store.attempt?.fingerprint === fingerprint) return store.attempt.key
  const key = makeKey()
  store.attempt = { key, fingerprint }
  return key
}
