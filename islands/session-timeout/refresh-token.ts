import { JSON_HEADER, tokenRefreshResponseSchema, type TokenRefreshResponse } from '../../shared/schemas/islands'
import { HTTP_TIMEOUT_MS } from './timing'

/**
 * POST the token endpoint with the session cookie and the JSON header. Resolves with the new token's
 * lifetime; rejects on a network error, a timeout, a non-2xx status or an unexpected body.
 */
export async function refreshToken(url: string, timeoutMs = HTTP_TIMEOUT_MS): Promise<TokenRefreshResponse> {
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
    const parsed = tokenRefreshResponseSchema.safeParse(await res.json())
    if (!parsed.success) throw new Error('token refresh failed: unexpected response body')
    return parsed.data
  } finally {
    clearTimeout(timer)
  }
}
