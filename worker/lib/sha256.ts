/** Lower-case hex of bytes. */
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** SHA-256 of bytes or of a string's UTF-8, as lower-case hex: the one digest the worker stores and compares. */
export async function sha256Hex(data: ArrayBuffer | Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data)
  return hexOf(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)))
}
