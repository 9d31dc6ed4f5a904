import { callOutside, OutsideCallError, type FetchLike } from '../outside-call'
import type { PartnerLogsPort } from './port'

/** Delivery runs in the outbox; 10 s keeps a slow partner well inside a drain's budget. */
const PARTNER_LOGS_TIMEOUT_MS = 10_000

export interface PartnerLogsHttpConfig {
  /** PARTNER_LOGS_URL: the entry is POSTed here as JSON. */
  url: string
  fetch?: FetchLike
  timeoutMs?: number
}

/** POST {PARTNER_LOGS_URL} with `Authorization: Bearer {partner token}`; only a 2xx counts as delivered. */
export function partnerLogsHttpAdapter(config: PartnerLogsHttpConfig): PartnerLogsPort {
  return {
    async send(entry, bearerToken) {
      try {
        const { status } = await callOutside(
          config.url,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${bearerToken}` },
            body: JSON.stringify(entry),
          },
          { timeoutMs: config.timeoutMs ?? PARTNER_LOGS_TIMEOUT_MS, maxBodyBytes: 4096, ...(config.fetch ? { fetch: config.fetch } : {}) },
        )
        return { ok: status >= 200 && status <= 299, status, detail: `HTTP ${status}` }
      } catch (err) {
        return { ok: false, status: null, detail: err instanceof OutsideCallError && err.kind === 'timeout' ? 'timeout' : 'network error' }
      }
    },
  }
}
