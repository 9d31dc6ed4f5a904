import type { Env } from '../env'
import { buildPartnerLogEntry, shouldSendPartnerLog, type PartnerLogEntry } from '../../shared/policy/partner-log'
import { partnerLogsPort, type PartnerLogsPort } from '../integrations/partner-logs'
import type { FeatureMap } from './features'
import { log } from './log'

/**
 * Partner logging (spec 000 sections 6, 7): entries are written to the D1 outbox first, then delivered
 * to the partner's app-logs endpoint after the response; a failed delivery is retried with backoff and
 * never breaks the page. The partner token stays on the server and out of every log line.
 */
export const PARTNER_LOG_MAX_ATTEMPTS = 5
/** Wait before attempt 2, 3, 4, 5. */
export const PARTNER_LOG_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000] as const
/** How long a partner token is kept for retries when the identity service gives no expiry. */
export const PARTNER_TOKEN_TTL_MS = 60 * 60_000
const LEASE_MS = 60_000

export interface PartnerLogContext {
  token: string | null
  trackingId: string | null | undefined
  features: FeatureMap
}

export interface PartnerLogLine {
  message: string
  errorMessage?: string
}

export interface Background {
  waitUntil(promise: Promise<unknown>): void
}

/** Writes the lines to the outbox when partner logging applies; returns the new rows' ids. */
export async function queuePartnerLogs(env: Env, ctx: PartnerLogContext, lines: PartnerLogLine[], now = Date.now()): Promise<number[]> {
  if (!shouldSendPartnerLog(ctx) || lines.length === 0) return []
  const transactionId = ctx.trackingId!
  const statements = lines.map((line) => {
    const entry = buildPartnerLogEntry({ ...line, transactionId, at: new Date(now) })
    return env.DB.prepare(
      `INSERT INTO partner_log_outbox (transaction_id, entry, token, token_expires_at, created_at, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    ).bind(transactionId, JSON.stringify(entry), ctx.token, now + PARTNER_TOKEN_TTL_MS, now, now)
  })
  const results = await env.DB.batch<{ id: number }>(statements)
  return results.map((r) => r.results[0]!.id)
}

interface OutboxRow {
  id: number
  transaction_id: string
  entry: string
  token: string | null
  token_expires_at: number
  attempts: number
}

export interface DeliveryReport {
  delivered: number
  retrying: number
  gaveUp: number
}

/**
 * Delivers what is due (new rows and retries whose wait is over), oldest first. Each row is leased
 * before it is sent, so two runs never send the same row at once. `now` is injectable for tests.
 */
export async function deliverPartnerLogs(env: Env, opts: { port?: PartnerLogsPort; now?: number; limit?: number } = {}): Promise<DeliveryReport> {
  const now = opts.now ?? Date.now()
  const port = opts.port ?? partnerLogsPort(env)
  const report: DeliveryReport = { delivered: 0, retrying: 0, gaveUp: 0 }
  const { results } = await env.DB.prepare(
    `SELECT id, transaction_id, entry, token, token_expires_at, attempts FROM partner_log_outbox
     WHERE delivered_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= ? AND leased_until <= ?
     ORDER BY id LIMIT ?`,
  )
    .bind(now, now, opts.limit ?? 20)
    .all<OutboxRow>()

  for (const row of results) {
    const lease = await env.DB.prepare(
      `UPDATE partner_log_outbox SET leased_until = ?, attempts = attempts + 1
       WHERE id = ? AND attempts = ? AND leased_until <= ? AND delivered_at IS NULL AND gave_up_at IS NULL`,
    )
      .bind(now + LEASE_MS, row.id, row.attempts, now)
      .run()
    if ((lease.meta.changes ?? 0) !== 1) continue
    const attempt = row.attempts + 1

    if (!row.token || row.token_expires_at <= now) {
      await giveUp(env, row.id, now, 'token expired')
      report.gaveUp += 1
      continue
    }
    const result = await port.send(JSON.parse(row.entry) as PartnerLogEntry, row.token)
    if (result.ok) {
      await env.DB.prepare('UPDATE partner_log_outbox SET delivered_at = ?, token = NULL, leased_until = 0, last_result = ? WHERE id = ?')
        .bind(now, result.detail, row.id)
        .run()
      report.delivered += 1
      continue
    }
    log('warn', 'partner log delivery failed', { outboxId: row.id, transactionId: row.transaction_id, attempt, detail: result.detail })
    if (attempt >= PARTNER_LOG_MAX_ATTEMPTS) {
      await giveUp(env, row.id, now, result.detail)
      report.gaveUp += 1
    } else {
      const wait: number = PARTNER_LOG_BACKOFF_MS[attempt - 1] ?? PARTNER_LOG_BACKOFF_MS[PARTNER_LOG_BACKOFF_MS.length - 1]!
      await env.DB.prepare('UPDATE partner_log_outbox SET next_attempt_at = ?, leased_until = 0, last_result = ? WHERE id = ?')
        .bind(now + wait, result.detail, row.id)
        .run()
      report.retrying += 1
    }
  }
  return report
}

async function giveUp(env: Env, id: number, now: number, detail: string): Promise<void> {
  log('error', 'partner log given up', { outboxId: id, detail })
  await env.DB.prepare('UPDATE partner_log_outbox SET gave_up_at = ?, token = NULL, leased_until = 0, last_result = ? WHERE id = ?')
    .bind(now, detail, id)
    .run()
}

/**
 * Queues the lines and delivers after the response (or at once when there is no execution context).
 * Whatever fails here is logged and swallowed: partner logging never breaks a page.
 */
export async function sendPartnerLogs(
  env: Env,
  ctx: PartnerLogContext,
  lines: PartnerLogLine[],
  background: Background | null,
  port?: PartnerLogsPort,
): Promise<void> {
  let ids: number[]
  try {
    ids = await queuePartnerLogs(env, ctx, lines)
  } catch (err) {
    log('error', 'partner log not queued', { error: err instanceof Error ? err.name : 'unknown' })
    return
  }
  if (ids.length === 0) return
  const run = deliverPartnerLogs(env, port ? { port } : {}).then(
    () => undefined,
    (err: unknown) => log('error', 'partner log delivery run failed', { error: err instanceof Error ? err.name : 'unknown' }),
  )
  if (background) background.waitUntil(run)
  else await run
}
