import { paymentPayloadSchema } from '../../../shared/payments/schemas/payment-payload'
import { paymentRequestFingerprint } from '../../../shared/payments/payload'

/**
 * What the idempotency layer hashes of a MakePayment body (decision 111, declared by the operation):
 * the payment's fingerprint (card and account reduced to length and last four, no CVV), never the
 * body with the card number. A body that is not a payload hashes as a fixed marker.
 */
export function paymentFingerprintBody(body: Uint8Array): Uint8Array {
  try {
    const parsed = paymentPayloadSchema.safeParse(JSON.parse(new TextDecoder().decode(body)))
    if (parsed.success) return new TextEncoder().encode(`payment-fingerprint\n${paymentRequestFingerprint(parsed.data)}`)
  } catch {
    // not JSON
  }
  return new TextEncoder().encode('payment-unreadable')
}
