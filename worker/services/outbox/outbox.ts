import type { Env } from '../../env'
import { isDeployed } from '../../env'
import { bringRetriesForward, buryAbandoned, leaseDue, markDead, markDelivered, markRetry, type OutboxRow } from '../../db/outbox'
import { OUTBOX_HANDLERS, OUTBOX_SETTLED_PAYLOAD } from './outbox-handlers'
import { PermanentDeliveryError, type Background, type OutboxHandler } from './outbox-delivery'
import { OUTBOX_CHANNELS, type OutboxChannel } from './outbox-queue'
import { log } from '../../lib/log'

/**
 * One outbox for every message that must leave reliably (docs/decisions/080-one-outbox.md). A message
 * is written in the same D1 batch as the business rows it belongs to (enqueue), then delivered by
 * drainOutbox: after the request that queued it (kickDrain, in the background) and every minute by the
 * cron handler. Delivery is at-least-once towards the channel, exactly-once into the table (dedupe key).
 */
export { enqueue } from './outbox-queue'
export type { Background } from './outbox-delivery'

/** After this many failed attempts a row is 'dead': kept, listed on /__dev/outbox, never tried again. */
export const MAX_ATTEMPTS = 8
/** A drain owns a leased row this long; delivery timeouts (10 s) stay well inside it. */
export const LEASE_MS = 60_000
const BACKOFF_BASE_MS = 30_000
export const BACKOFF_CAP_MS = 60 * 60_000
/** Rows one drain leases at a time. */
export const DRAIN_BATCH = 25
const ERROR_MAX = 200

/** The wait after the n-th failed attempt: 30 s, 2 min, 8 min, 32 min, then 1 h. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 4 ** Math.max(0, failedAttempts - 1), BACKOFF_CAP_MS)
}

/**
 * Whether a channel's failures mean its receiver was down, so that once one of its retried messages gets
 * through the others need not wait out their backoff (a claims system back after a long outage hears of
 * every claim at once, not an hour later). Payment settlement retries because the processor does not
 * know the answer yet, not because it was down: each keeps its own wait (and so does an automatic
 * payment's draft). A new channel must choose.
 */
const RETRIES_RECOVER_TOGETHER: Record<OutboxChannel, boolean> = {
  mail: true,
  'partner-log': true,
  'claim-notice': true,
  'claim-document': true,
  'vendor-dispatch': true,
  'payment-settle': false,
  'opt-out': true,
  // A draft retries because another payment on the policy is in flight or our store failed: each its own wait.
  'autopay-draft': false,
  // A message waits for the claims system (or for its claim to be filed there): back together.
  'claim-message': true,
  'claim-advance': true,
  sms: true,
  // A link waits for the claims system, or for its two claims to be filed there (decision 213): back together.
  'claim-link': true,
  // A payment instruction waits for the claims system (or its claim to be filed there), like a message.
  'claim-payout': true,
}

export interface DrainOptions {
  limit?: number
  now?: number
  channels?: OutboxChannel[]
  /** Only the message with this dedupe key (a page that must say whether its own message left). */
  dedupeKey?: string
  /** Replaces channel handlers for this run (a port pointed elsewhere, or a failing stand-in in tests). */
  handlers?: Partial<Record<OutboxChannel, OutboxHandler>>
}

export interface DrainReport {
  delivered: number
  retried: number
  dead: number
}

/**
 * Delivers due messages (lease, deliver via the channel's handler, mark delivered | schedule retry with
 * backoff | dead-letter after MAX_ATTEMPTS). Rows of a channel without a handler stay pending.
 */
export async function drainOutbox(env: Env, opts: DrainOptions = {}): Promise<DrainReport> {
  const now = opts.now ?? Date.now()
  const handlers: Partial<Record<OutboxChannel, OutboxHandler>> = { ...OUTBOX_HANDLERS, ...opts.handlers }
  const channels = (opts.channels ?? OUTBOX_CHANNELS).filter((ch) => handlers[ch])
  const report: DrainReport = { delivered: 0, retried: 0, dead: 0 }

  report.dead += await buryAbandoned(env.DB, now, MAX_ATTEMPTS)
  const rows = await leaseDue(env.DB, {
    now,
    leaseUntil: now + LEASE_MS,
    token: crypto.randomUUID(),
    channels,
    limit: opts.limit ?? DRAIN_BATCH,
    maxAttempts: MAX_ATTEMPTS,
    ...(opts.dedupeKey === undefined ? {} : { dedupeKey: opts.dedupeKey }),
  })
  const recovered = new Set<OutboxChannel>()
  for (const row of rows) {
    const channel = row.channel as OutboxChannel
    const outcome = await deliverOne(env, row, handlers[channel]!, now)
    report[outcome] += 1
    if (outcome === 'delivered' && row.attempts > 1 && RETRIES_RECOVER_TOGETHER[channel]) recovered.add(channel)
  }
  for (const channel of recovered) {
    const count = await bringRetriesForward(env.DB, channel, now)
    if (count > 0) log('info', 'outbox receiver back: retries brought forward', { channel, count })
  }
  return report
}

async function deliverOne(env: Env, row: OutboxRow, handler: OutboxHandler, now: number): Promise<keyof DrainReport> {
  const channel = row.channel as OutboxChannel
  const context = { outboxId: row.id, channel, attempt: row.attempts }
  let payload: unknown
  try {
    payload = JSON.parse(row.payload)
    await handler(env, payload, { id: row.id, dedupeKey: row.dedupe_key, attempt: row.attempts, now })
  } catch (err) {
    const error = errorText(err)
    if (err instanceof PermanentDeliveryError || payload === undefined || row.attempts >= MAX_ATTEMPTS) {
      log('error', 'outbox message dead', { ...context, error })
      await markDead(env.DB, row, now, error, settled(env, channel, payload, row.payload))
      return 'dead'
    }
    const next = now + backoffMs(row.attempts)
    log('warn', 'outbox delivery failed, will retry', { ...context, error, nextAttemptAt: new Date(next).toISOString() })
    await markRetry(env.DB, row, next, error)
    return 'retried'
  }
  if (!(await markDelivered(env.DB, row, now, settled(env, channel, payload, row.payload)))) {
    // Our lease ran out and another drain took the row: it may deliver again (the channel's
    // idempotency key, `outbox-{id}`, lets a provider drop the duplicate).
    log('warn', 'outbox lease lost during delivery', context)
  }
  return 'delivered'
}

/** What a delivered or dead row keeps (e.g. no reset link, no partner token). */
function settled(env: Env, channel: OutboxChannel, payload: unknown, raw: string): string {
  const keep = OUTBOX_SETTLED_PAYLOAD[channel]
  if (payload === undefined || !keep) return raw
  return JSON.stringify(keep(env, payload))
}

/** A short, payload-free description of a delivery failure. */
function errorText(err: unknown): string {
  if (err instanceof SyntaxError) return 'payload is not JSON'
  const text = err instanceof Error ? err.message || err.name : 'unknown error'
  return text.slice(0, ERROR_MAX)
}

/**
 * Delivers what a request just queued. Deployed, after the response when the request has an execution
 * context (a slow outside system never slows the page, nor tells by its timing whether an address has
 * an account); in local development, and without a context, at once (the dev mailbox and the tests see
 * it when the answer comes). Never throws: whatever is not delivered stays in the outbox for the cron.
 */
export async function kickDrain(env: Env, background: Background | null, opts: DrainOptions = {}): Promise<void> {
  const run = drainOutbox(env, opts).then(
    () => undefined,
    (err: unknown) => log('error', 'outbox drain failed', { error: err instanceof Error ? err.message : 'unknown' }),
  )
  if (background && isDeployed(env)) background.waitUntil(run)
  else await run
}
