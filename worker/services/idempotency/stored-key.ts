import type { Env } from '../../env'
import { base64url, hmac } from '../../lib/bytes'
import { findCardNumber } from '../../../shared/payments/pan'

/**
 * The client's Idempotency-Key as the portal keeps it (payments.idempotency_key, claims.idempotency_key
 * and the claim PDF's R2 prefix derived from it): as sent, unless it holds what looks like a card number
 * (shared/payments/pan.ts), then as its keyed digest, so a retry with the same key still finds its row
 * and the number is kept nowhere. Not refused: a key is a machine value the client chose (decision 201).
 * A key in hex (a UUID, the islands' 32 hex characters) is an identifier to the rule (decision 239).
 */
export async function storedIdempotencyKey(env: Env, raw: string | undefined): Promise<string | null> {
  if (raw === undefined) return null
  return findCardNumber(raw) ? `digest:${base64url(await hmac(env, `idempotency-key\n${raw}`))}` : raw
}
