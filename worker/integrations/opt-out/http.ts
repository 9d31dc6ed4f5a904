import { callOutside, type FetchLike } from '../outside-call'
import type { OptOutPort } from './port'

const OPT_OUT_TIMEOUT_MS = 10_000

export interface OptOutHttpConfig {
  url: string
  fetch?: FetchLike
  timeoutMs?: number
}

/** POST {OPT_OUT_API_URL} with the record as JSON; only a 2xx counts as recorded. */
export function optOutHttpAdapter(config: OptOutHttpConfig): OptOutPort {
  return {
    name: 'http',
    async record(record) {
      try {
        const { status } = await callOutside(
          config.url,
          { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(record) },
          { timeoutMs: config.timeoutMs ?? OPT_OUT_TIMEOUT_MS, maxBodyBytes: 4096, ...(config.fetch ? { fetch: config.fetch } : {}) },
        )
        return { ok: status >= 200 && status <= 299, detail: `HTTP ${status}` }
      } catch (err) {
        return { ok: false, detail: err instanceof Error && 'kind' in err && err.kind === 'timeout' ? 'timeout' : 'network error' }
      }
    },
  }
}
