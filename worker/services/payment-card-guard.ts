import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../types'
import { containsCardNumber } from '../../shared/payments/pan'
import { paymentPayloadSchema } from '../../shared/schemas/payment'
import { paymentRequestFingerprint } from '../../shared/payments/payload'
import { log } from './log'
import { pathOf } from '../../shared/routes'

/**
 * Card numbers go to one place: MakePayment (and, locally, the processor sandbox it calls). Anything
 * else that carries one (a client log line, a profile field, a claim draft, a page form) is refused with
 * a 400 before a handler, a log or a table sees it (JSON on /v1, text on pages); the refusal is logged
 * without the body. Mounted once, on the whole app. Multipart bodies are not read here: the claim's
 * submission part is checked by reportClaim.
 */
export const MAKE_PAYMENT_PATH = /^\/v1\/(flood|homeowners)\/MakePayment\/[^/]+\/?$/
export const CARD_NUMBER_REFUSED = { errorMessage: 'Card numbers are accepted only by the payment form. Please remove the card number and try again.' } as const

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Bodies read for the check: text, JSON and forms; files (multipart) are not scanned. */
const TEXT_BODY = /^(application\/([\w.-]+\+)?json|text\/|application\/x-www-form-urlencoded)/i
const MAX_SCANNED_BYTES = 256 * 1024

/** The payment form sent without JavaScript: its handler answers without reading the body. */
const MAKE_PAYMENT_PAGE = pathOf('MakePayment')

export const refuseCardNumbers: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = c.req.path
  if (SAFE_METHODS.has(c.req.method) || MAKE_PAYMENT_PATH.test(path) || path.replace(/\/$/, '') === MAKE_PAYMENT_PAGE || path.startsWith('/__dev/'))
    return next()
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
    return c.req.path.startsWith('/v1/') ? c.json(CARD_NUMBER_REFUSED, 400) : c.text(CARD_NUMBER_REFUSED.errorMessage, 400)
  }
  return next()
}

/**
 * What the /v1 idempotency middleware hashes for a request (decision 111): for MakePayment, the
 * payment's fingerprint (card and account reduced to length and last four, no CVV), never the body
 * with the card number; for every other route the body itself (which cannot hold a card number: see
 * refuseCardNumbers). A MakePayment body that is not a payload hashes as a fixed marker.
 */
export function idempotencyBodyFor(pathname: string, body: Uint8Array): Uint8Array {
  if (!MAKE_PAYMENT_PATH.test(pathname)) return body
  try {
    const parsed = paymentPayloadSchema.safeParse(JSON.parse(new TextDecoder().decode(body)))
    if (parsed.success) return new TextEncoder().encode(`payment-fingerprint\n${paymentRequestFingerprint(parsed.data)}`)
  } catch {
    // not JSON
  }
  return new TextEncoder().encode('payment-unreadable')
}
