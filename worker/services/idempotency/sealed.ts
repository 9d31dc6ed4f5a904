import type { Env } from '../../env'
import { fromBase64, hmac, toBase64, utf8 } from '../../lib/bytes'

/**
 * Stored answers may hold a session token (login, registration, token refresh) or a flash cookie: they
 * are sealed with AES-GCM under a key derived from the server secret and the client's own key, which is
 * never stored. The database alone cannot read them.
 */
async function answerKey(env: Env, spec: KeySpec): Promise<CryptoKey> {
  const raw = await hmac(env, `seal\n${spec.scope}\n${spec.principal}\n${spec.rawKey}`)
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

export async function seal(env: Env, spec: KeySpec, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await answerKey(env, spec), utf8(plain)))
  const out = new Uint8Array(iv.byteLength + cipher.byteLength)
  out.set(iv, 0)
  out.set(cipher, iv.byteLength)
  return toBase64(out)
}

export async function open(env: Env, spec: KeySpec, sealed: string): Promise<string> {
  const bytes = fromBase64(sealed)
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await answerKey(env, spec), bytes.slice(12))
  return new TextDecoder().decode(plain)
}

/** Which idempotency key an answer belongs to: its scope, principal and key, and the request's hash. */
export interface KeySpec {
  /** 'api' or 'form:{name}': keys of different scopes never meet. */
  scope: string
  principal: string
  rawKey: string
  /** Known at once, or null: computed from the body as it streams (requestHashOf). */
  requestHash: string | null
}
