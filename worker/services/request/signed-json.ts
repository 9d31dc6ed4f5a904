import { signatureRefusal } from '../../integrations/claims-system/webhook-signature'
import { log } from '../../lib/log'

/** A webhook request as its route reads it: the raw body and the signature's two headers. */
export interface SignedRequest {
  rawBody: string
  timestamp: string | null
  signature: string | null
  requestId: string
  now: number
}

export type SignedJson = { json: unknown } | { status: 400 | 401; body: { error: string } }

/**
 * The body of a signed webhook (the claims system's events, the SMS provider's inbound texts: decisions
 * 167, 209) as JSON once its signature holds: a 401 when it does not (why, in the log only), a 400 when
 * the body is not JSON.
 */
export async function signedJson(secret: string | undefined, req: SignedRequest, what: string): Promise<SignedJson> {
  const refusal = await signatureRefusal(secret, { timestamp: req.timestamp, signature: req.signature }, req.rawBody, req.now)
  if (refusal) {
    log('warn', `${what} refused`, { requestId: req.requestId, reason: refusal })
    return { status: 401, body: { error: 'invalid signature' } }
  }
  try {
    return { json: JSON.parse(req.rawBody) }
  } catch {
    return { status: 400, body: { error: 'the body is not JSON' } }
  }
}
