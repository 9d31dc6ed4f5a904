import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../types'
import { containsCardNumber } from '../../shared/payments/pan'
import { paymentPayloadSchema } from '../../shared/schemas/payment-payload'
import { paymentRequestFingerprint } from '../../shared/payments/payload'
import { log } from './log'
import type { Refusals } from '../middleware/refusals'

/**
 * Card numbers go to one place: MakePayment (and, locally, the processor sandbox it calls). Anything
 * else that carries one (a client log line, a profile field, a claim draft, a page form) is refused with
 * a 400 before a handler, a log or a table sees it; the refusal is logged without the body. Each side
 * mounts it with its own answers: pages on every form but Make a Payment's, /v1 on every operation whose
 * declaration does not take card data. Multipart bodies are not read here: the claim's submission part
 * is checked by reportClaim.
 */
export const CARD_NUMBER_REFUSED = { errorMessage: 'Card numbers are accepted only by the payment form. Please remove the card number and try again.' } as const

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Bodies read for the check: text, JSON and forms; files (multipart) are not scanned. */
const TEXT_BODY = /^(application\/([\w.-]+\+)?json|text\/|application\/x-www-form-urlencoded)/i
const MAX_SCANNED_BYTES = 256 * 1024

export function refuseCardNumbers(refusals: Pick<Refusals, 'cardNumber'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const type = c.req.header('Content-Type') ?? ''
    const length = Number(c.req.header('Content-Length') ?? '0')
    if (!TEXT_BODY.test(type) || length > MAX_SCANNED_BYTES) return next()
    // Hono keeps the body it read, so the handler reads it again. Bytes, not .text(): workerd warns when a
    // form body is read as text.
    const body = new TextDecoder().decode(await c.req.arrayBuffer())
    let text = body
    try {
      text = decodeURIComponent(body.replace(/\+/g, ' '))
    } catch {
      // not URL-encoded: scan it as it is
    }
    if (containsCardNumber(text)) {
      log('warn', 'card number refused', { requestId: c.get('requestId'), path: c.req.path, method: c.req.method })
      return refusals.cardNumber(c, CARD_NUMBER_REFUSED.errorMessage)
    }
    return next()
  }
}

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
