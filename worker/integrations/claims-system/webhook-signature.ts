import { hexOf } from '../../lib/sha256'

/**
 * How the claims system signs the events it sends to POST /hooks/claims-system (decision 167):
 *   X-Claims-Timestamp: {unix seconds}
 *   X-Claims-Signature: v1={hex of HMAC-SHA256(CLAIMS_SYSTEM_WEBHOOK_SECRET, `${timestamp}.${raw body}`)}
 * The portal recomputes the signature over the bytes it received, compares in constant time, and
 * refuses a timestamp more than MAX_SKEW_SECONDS from its clock either way, so a captured request
 * cannot be replayed later (and within the window the event id makes a replay a no-op).
 */
export const TIMESTAMP_HEADER = 'X-Claims-Timestamp'
export const SIGNATURE_HEADER = 'X-Claims-Signature'
const MAX_SKEW_SECONDS = 5 * 60
const VERSION = 'v1='

export type SignatureRefusal = 'no secret' | 'missing' | 'malformed' | 'stale' | 'mismatch'

async function hmac(secret: string, timestamp: string, rawBody: string): Promise<Uint8Array> {
  const enc = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(`${timestamp}.${rawBody}`)))
}

/** The two headers for a body sent at `nowMs` (what the claims system, and the stand-in, send). */
export async function signatureHeaders(secret: string, rawBody: string, nowMs: number): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(nowMs / 1000))
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `${VERSION}${hexOf(await hmac(secret, timestamp, rawBody))}` }
}

function bytesOfHex(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null
  return new Uint8Array(hex.match(/../g)!.map((b) => Number.parseInt(b, 16)))
}

/** null when the request is signed by the secret within the window; else why not (for the log, never the answer). */
export async function signatureRefusal(
  secret: string | undefined,
  headers: { timestamp: string | null; signature: string | null },
  rawBody: string,
  nowMs: number,
): Promise<SignatureRefusal | null> {
  if (!secret) return 'no secret'
  const { timestamp, signature } = headers
  if (!timestamp || !signature) return 'missing'
  if (!/^\d{1,12}$/.test(timestamp) || !signature.startsWith(VERSION)) return 'malformed'
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return 'stale'
  const given = bytesOfHex(signature.slice(VERSION.length))
  const expected = await hmac(secret, timestamp, rawBody)
  if (!given || given.byteLength !== expected.byteLength) return 'malformed'
  return crypto.subtle.timingSafeEqual(given, expected) ? null : 'mismatch'
}
