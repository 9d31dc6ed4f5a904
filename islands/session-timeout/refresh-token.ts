import { JSON_HEADER } from '../../shared/site-request'
import { HTTP_TIMEOUT_MS } from './timing'

/**
 * POST the token endpoint with the session cookie and the JSON header. Resolves with the new token's
 * lifetime in seconds; rejects on a network error, a timeout, a non-2xx status or an unexpected body.
 * The body is checked by hand, not with zod: this ships in the session timer, budgeted at a few KB.
 */
export async function refreshToken(url: string, timeoutMs = HTTP_TIMEOUT_MS): Promise<number> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...JSON_HEADER, Accept: 'application/json' },
      credentials: 'same-origin',
      signal: controller.signal,
    })
    if (!res.ok) throw new Error(`token refresh failed: HTTP ${res.status}`)
    const expiresIn = tokenLifetime(await res.json())
    if (expiresIn === null) throw new Error('token refresh failed: unexpected response body')
    return expiresIn
  } finally {
    clearTimeout(timer)
  }
}

/** `{ expiresIn: 900, accountToken: '…', tokenType: 'Bearer' }` -> 900; anything else -> null. */
export function tokenLifetime(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null
  const { expiresIn, accountToken, tokenType } = body as Record<string, unknown>
  const ok = typeof expiresIn === 'number' && expiresIn > 0 && typeof accountToken === 'string' && tokenType === 'Bearer'
  return ok ? expiresIn : null
}
