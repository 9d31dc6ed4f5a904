import type { PartnerLogEntry } from '../../../shared/sso/partner-log'

/** The partner's app-logs endpoint (ARCHITECTURE section 6). */
export interface PartnerLogsPort {
  /** Never throws; `detail` is safe to log (no token, no body). */
  send(entry: PartnerLogEntry, bearerToken: string): Promise<{ ok: boolean; status: number | null; detail: string }>
}
