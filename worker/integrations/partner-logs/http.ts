import type { PartnerLogsPort } from './port'

/** Delivery runs after the response (waitUntil); 10 s keeps a slow partner well inside that budget. */
export const PARTNER_LOGS_TIMEOUT_MS = 10_000

export interface PartnerLogsHttpConfig {
  /** PARTNER_LOGS_URL: the entry is POSTed here as JSON. */
  url: string
  fetch?: (input: string, init: RequestInit) => Promise<Response>
  timeoutMs?: number
  /** Extra request headers (the local receiver needs an Origin, see index.ts). */
  headers?: Record<string, string>
}

/** POST {PARTNER_LOGS_URL} with `Authorization: Bearer {partner token}`; only a 2xx counts as delivered. */
export function partnerLogsHttpAdapter(config: PartnerLogsHttpConfig): PartnerLogsPort {
  const doFetch = config.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))
  return {
    async send(entry, bearerToken) {
      try {
        const res = await doFetch(config.url, {
          method: 'POST',
          headers: { ...config.headers, 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${bearerToken}` },
          body: JSON.stringify(entry),
          redirect: 'manual',
          signal: AbortSignal.timeout(config.timeoutMs ?? PARTNER_LOGS_TIMEOUT_MS),
        })
        await res.body?.cancel()
        return { ok: res.status >= 200 && res.status <= 299, status: res.status, detail: `HTTP ${res.status}` }
      } catch (err) {
        const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        return { ok: false, status: null, detail: timeout ? 'timeout' : 'network error' }
      }
    },
  }
}
