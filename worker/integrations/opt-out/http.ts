import type { OptOutPort } from './port'

export const OPT_OUT_TIMEOUT_MS = 10_000

export interface OptOutHttpConfig {
  url: string
  fetch?: (input: string, init: RequestInit) => Promise<Response>
  timeoutMs?: number
}

/** Production: POST {OPT_OUT_API_URL} with the record as JSON; only a 2xx counts as recorded. */
export function optOutHttpAdapter(config: OptOutHttpConfig): OptOutPort {
  const doFetch = config.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))
  return {
    name: 'http',
    async record(record) {
      try {
        const res = await doFetch(config.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(record),
          redirect: 'manual',
          signal: AbortSignal.timeout(config.timeoutMs ?? OPT_OUT_TIMEOUT_MS),
        })
        await res.body?.cancel()
        return { ok: res.status >= 200 && res.status <= 299, detail: `HTTP ${res.status}` }
      } catch (err) {
        const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
        return { ok: false, detail: timeout ? 'timeout' : 'network error' }
      }
    },
  }
}
