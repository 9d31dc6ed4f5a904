import { base64url } from 'jose'
import type { Env } from '../env'
import { sameSecret } from './random-token'
import { signingKey } from './bytes'

/**
 * A value with an HMAC of it (key: the session signing key, under a purpose label so a value signed
 * for one cookie is never valid in another): 'value.signature'. For the device and pending sign-in cookies.
 */
const macOf = async (env: Env, text: string) =>
  new Uint8Array(await crypto.subtle.sign('HMAC', await signingKey(env, 'signed-value:'), new TextEncoder().encode(text)))

export async function hmac(env: Env, text: string): Promise<string> {
  return base64url.encode(await macOf(env, text))
}

/** The first `bytes` bytes of the HMAC in the letters a-p: a handle that can go in a form (the card guard never sees digits). */
export async function hmacLetters(env: Env, text: string, bytes: number): Promise<string> {
  const letters = 'abcdefghijklmnop'
  return Array.from((await macOf(env, text)).slice(0, bytes), (b) => letters[b >> 4]! + letters[b & 15]!).join('')
}

export async function signValue(env: Env, purpose: string, value: string): Promise<string> {
  return `${value}.${await hmac(env, `${purpose}:${value}`)}`
}

/** The value when its signature is right for the purpose, else null. */
export async function verifiedValue(env: Env, purpose: string, signed: string | undefined): Promise<string | null> {
  if (!signed) return null
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return null
  const value = signed.slice(0, dot)
  if (!/^[a-p]+$/.test(value)) return null
  return sameSecret(signed.slice(dot + 1), await hmac(env, `${purpose}:${value}`)) ? value : null
}
