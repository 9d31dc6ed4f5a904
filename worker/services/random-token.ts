import { base64url } from 'jose'

/** `bytes` random bytes as base64url (jose's encoder): session ids, reset tokens, one-time states. */
export function randomToken(bytes: number): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** Whether two secrets are equal, in time that does not depend on where they differ (workerd's timingSafeEqual). */
export function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a)
  const y = new TextEncoder().encode(b)
  return x.byteLength === y.byteLength && crypto.subtle.timingSafeEqual(x, y)
}
