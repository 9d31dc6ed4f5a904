import type { Env } from '../env'
import { DRAIN_BATCH, drainOutbox, type DrainReport } from './outbox/outbox'
import { purgeExpiredIdempotency } from '../db/idempotency-keys'
import { log } from '../lib/log'
import { queueProofOfLossReminders } from './claims/proof-of-loss-reminders'
import { queuePaperlessNotices } from './policy/paperless-notices'
import { sweepUnattachedUploads } from './claims/upload-sweep'
import { portalNow } from '../lib/clock'
import { queueAutopayDrafts } from './payments/autopay-run'
import { queuePaymentReminders } from './payments/payment-reminders'

type Outcome<T> = T | { error: string }

/** What one run of the scheduled work did: per task, its report or the error that stopped it. */
export interface ScheduledReport {
  outbox: Outcome<DrainReport>
  idempotencyPurged: Outcome<number>
  /** Proof of Loss reminder mails queued (issue 19 item 7). */
  proofOfLossReminders: Outcome<number>
  /** New-document emails queued for paperless profiles (issue 22 item 4). */
  paperlessNotices: Outcome<number>
  /** Claim files never named by a claim, forgotten (decision 169's open end). */
  uploadsSwept: Outcome<number>
  /** Automatic payments queued on their due dates (issue 22 item 2); the outbox charges them (decision 195). */
  autopay: Outcome<number>
  /** Payment reminder mails queued (issue 22 item 3). */
  paymentReminders: Outcome<number>
}

/** Runs the tasks side by side; each one's result, or its error (logged), under its name. */
async function settle<T extends Record<string, () => Promise<unknown>>>(tasks: T): Promise<{ [K in keyof T]: Outcome<Awaited<ReturnType<T[K]>>> }> {
  const names = Object.keys(tasks) as (keyof T)[]
  const results = await Promise.allSettled(names.map((n) => tasks[n]!()))
  const out = {} as { [K in keyof T]: Outcome<Awaited<ReturnType<T[K]>>> }
  results.forEach((r, i) => {
    if (r.status === 'rejected') log('error', 'scheduled work failed', { task: String(names[i]), error: String(r.reason) })
    out[names[i]!] = (r.status === 'fulfilled' ? r.value : { error: String(r.reason) }) as never
  })
  return out
}

/**
 * The work of the cron trigger (every minute, wrangler.toml [triggers]), at the portal's clock (`now`:
 * services/clock.ts, which a tester may move in development). First what queues work due at `now`
 * (the automatic payments of the day, keyed per policy and due date: services/autopay-run.ts; the
 * flood claims' Proof of Loss reminders on the policyholder's date, the payment reminders of the day,
 * the new-document emails of paperless profiles); then deliver what the outbox holds, on the same
 * clock, so what the run queued leaves in it (the automatic payments are charged there, and mail,
 * partner logs, payment settlement and every other channel: docs/decisions/162, 195), and a message
 * that failed at request time is retried and not lost; forget stored idempotent answers past their 24 hours and claim files no claim named
 * within a draft's life. The tasks are independent: one failing does not stop the others. The worker's
 * scheduled handler runs it, and so does `POST /__dev/scheduled` in development (wrangler's
 * /cdn-cgi/handler/scheduled answers 500 locally while wrangler.toml has [assets]).
 */
export async function runScheduledWork(env: Env, at?: number): Promise<ScheduledReport> {
  const now = at ?? (await portalNow(env))
  const queued = await settle({
    autopay: () => queueAutopayDrafts(env, now),
    proofOfLossReminders: () => queueProofOfLossReminders(env, now),
    paymentReminders: () => queuePaymentReminders(env, now),
    paperlessNotices: () => queuePaperlessNotices(env, now),
  })
  const done = await settle({
    outbox: () => drainBacklog(env, now),
    idempotencyPurged: () => purgeExpiredIdempotency(env.DB, now),
    uploadsSwept: () => sweepUnattachedUploads(env, now),
  })
  const drained = done.outbox
  if (!('error' in drained) && drained.delivered + drained.retried + drained.dead > 0) log('info', 'outbox drained', { ...drained })
  return { ...queued, ...done }
}

/** How long one run keeps draining: well inside a cron invocation's limits, and its next minute. */
const DRAIN_BUDGET_MS = 20_000

/**
 * Rounds of the drain while each finds a full batch due, within DRAIN_BUDGET_MS (decision 185): one
 * round of 25 a minute is 1,500 messages an hour, far behind a storm's claims, documents and mails. A
 * round whose rows all fail still ends the loop soon: each failed row waits out its backoff.
 */
async function drainBacklog(env: Env, now: number): Promise<DrainReport> {
  const started = Date.now()
  const total: DrainReport = { delivered: 0, retried: 0, dead: 0 }
  for (;;) {
    const round = await drainOutbox(env, { now })
    total.delivered += round.delivered
    total.retried += round.retried
    total.dead += round.dead
    if (round.delivered + round.retried + round.dead < DRAIN_BATCH || Date.now() - started > DRAIN_BUDGET_MS) return total
  }
}
