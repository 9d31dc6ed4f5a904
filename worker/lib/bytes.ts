import { base64url as jose } from 'jose'
import type { Env } from '../env'

/** Byte helpers: HMAC under the server secret (the idempotency store), base64 and base64url. */
export type Bytes = Uint8Array<ArrayBuffer>

export function utf8(s: string): Bytes {
  return new TextEncoder().encode(s) as Bytes
}

/** The server secret's HMAC key (sessions' tokens, idempotency, form tokens), imported once per isolate and again only if the secret changes. */
let imported: { secret: string; key: Promise<CryptoKey> } | null = null

export function signingKey(env: Env): Promise<CryptoKey> {
  if (imported?.secret !== env.SESSION_SIGNING_KEY) {
    imported = {
      secret: env.SESSION_SIGNING_KEY,
      key: crypto.subtle.importKey('raw', utf8(env.SESSION_SIGNING_KEY), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
    }
  }
  return imported.key
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
