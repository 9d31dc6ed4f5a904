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

/**
 * `bytes` random bytes written with the letters a-p (two per byte): ids that travel in forms and
 * cookies and can never hold a run of digits the card guard would take for a card number.
 */
export function randomLetters(bytes: number): string {
  const letters = 'abcdefghijklmnop'
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => letters[b >> 4]! + letters[b & 15]!).join('')
}
