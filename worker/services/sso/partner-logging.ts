import type { Env } from '../../env'
import { buildPartnerLogEntry, shouldSendPartnerLog } from '../../../shared/sso/partner-log'
import type { PartnerLogsPort } from '../../integrations/partner-logs'
import type { FeatureMap } from '../policy/features'
import { enqueue, kickDrain, type Background } from '../outbox/outbox'
import { partnerLogHandler, type PartnerLogPayload } from './partner-log-delivery'
import { log } from '../../lib/log'

/**
 * Partner logging (spec 000 sections 6, 7): entries go to the shared outbox (channel 'partner-log')
 * first, then are delivered to the partner's app-logs endpoint after the response; a failed delivery is
 * retried with the outbox's backoff and never breaks the page. The partner token stays on the server,
 * out of every log line, and is dropped from the row once it is delivered or dead.
 */
/** How long a partner token is kept for retries when the identity service gives no expiry. */
export const PARTNER_TOKEN_TTL_MS = 60 * 60_000

export interface PartnerLogContext {
  token: string | null
  trackingId: string | null | undefined
  features: FeatureMap
}

export interface PartnerLogLine {
  message: string
  errorMessage?: string
}

export type { Background } from '../outbox/outbox'

/** Writes the lines to the outbox when partner logging applies (one batch); returns how many. */
export async function queuePartnerLogs(env: Env, ctx: PartnerLogContext, lines: PartnerLogLine[], now = Date.now()): Promise<number> {
  if (!shouldSendPartnerLog(ctx) || lines.length === 0) return 0
  const transactionId = ctx.trackingId!
  const statements = lines.map((line) => {
    const payload: PartnerLogPayload = {
      transactionId,
      entry: buildPartnerLogEntry({ ...line, transactionId, at: new Date(now) }),
      token: ctx.token,
      tokenExpiresAt: now + PARTNER_TOKEN_TTL_MS,
    }
    return enqueue(env.DB, { channel: 'partner-log', payload, dedupeKey: `partner-log:${transactionId}:${crypto.randomUUID()}`, at: now })
  })
  await env.DB.batch(statements)
  return statements.length
}

/**
 * Queues the lines and delivers after the response (or at once when there is no execution context).
 * Whatever fails here is logged and swallowed: partner logging never breaks a page. `port` points the
 * delivery elsewhere (tests).
 */
export async function sendPartnerLogs(
  env: Env,
  ctx: PartnerLogContext,
  lines: PartnerLogLine[],
  background: Background | null,
  port?: PartnerLogsPort,
): Promise<void> {
  let queued: number
  try {
    queued = await queuePartnerLogs(env, ctx, lines)
  } catch (err) {
    log('error', 'partner log not queued', { error: err instanceof Error ? err.name : 'unknown' })
    return
  }
  if (queued === 0) return
  await kickDrain(env, background, { channels: ['partner-log'], ...(port ? { handlers: { 'partner-log': partnerLogHandler(port) } } : {}) })
}
