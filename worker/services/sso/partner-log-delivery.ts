import type { PartnerLogEntry } from '../../../shared/sso/partner-log'
import { partnerLogsPort, type PartnerLogsPort } from '../../integrations/partner-logs'
import { handler, PermanentDeliveryError, type OutboxHandler } from '../outbox/outbox-delivery'

/** The outbox payload of one partner-log entry (queued by services/partner-logging.ts). */
export interface PartnerLogPayload {
  transactionId: string
  entry: PartnerLogEntry
  /** Null once the row is delivered or dead. */
  token: string | null
  tokenExpiresAt: number
}

/** The partner's app-logs endpoint; `port` replaces the one PARTNER_LOGS_URL names (tests). */
export function partnerLogHandler(port?: PartnerLogsPort): OutboxHandler {
  return handler<PartnerLogPayload>(async (env, p, meta) => {
    if (!p.token || p.tokenExpiresAt <= meta.now) throw new PermanentDeliveryError('token expired')
    const result = await (port ?? partnerLogsPort(env)).send(p.entry, p.token)
    if (!result.ok) throw new Error(result.detail)
  })
}
