import { base64url as jose } from 'jose'
import type { Env } from '../env'

/** Byte helpers: HMAC under the server secret (the idempotency store), base64 and base64url. */
export type Bytes = Uint8Array<ArrayBuffer>

export function utf8(s: string): Bytes {
  return new TextEncoder().encode(s) as Bytes
}

/**
 * The server secret's HMAC key (sessions' tokens, idempotency, form tokens; with a purpose label, the
 * signed cookies' of signed-value.ts, so a value signed for one use is never valid in another), imported
 * once per isolate and label, and again only if the secret changes.
 */
const imported = new Map<string, { secret: string; key: Promise<CryptoKey> }>()

export function signingKey(env: Env, label = ''): Promise<CryptoKey> {
  let held = imported.get(label)
  if (held?.secret !== env.SESSION_SIGNING_KEY) {
    held = {
      secret: env.SESSION_SIGNING_KEY,
      key: crypto.subtle.importKey('raw', utf8(`${label}${env.SESSION_SIGNING_KEY}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
    }
    imported.set(label, held)
  }
  return held.key
}

export async function hmac(env: Env, data: string): Promise<Bytes> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await signingKey(env), utf8(data)))
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

export function fromBase64(s: string): Bytes {
  const binary = atob(s)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

export const base64url = (bytes: Uint8Array): string => jose.encode(bytes)
