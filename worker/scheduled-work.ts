import type { Env } from './env'
import { drainOutbox, type DrainReport } from './services/outbox'
import { purgeExpiredIdempotency } from './db/idempotency-keys'
import { log } from './services/log'
import { queueProofOfLossReminders } from './services/proof-of-loss-reminders'
import { portalNow } from './services/clock'
import { runAutopay, type AutopayReport } from './services/autopay-run'
import { queuePaymentReminders } from './services/payment-reminders'

/** What one run of the scheduled work did: per task, its report or the error that stopped it. */
export interface ScheduledReport {
  outbox: DrainReport | { error: string }
  idempotencyPurged: number | { error: string }
  /** Proof of Loss reminder mails queued (issue 19 item 7). */
  proofOfLossReminders: number | { error: string }
  /** Automatic payments drafted on their due dates (issue 22 item 2). */
  autopay: AutopayReport | { error: string }
  /** Payment reminder mails queued (issue 22 item 3). */
  paymentReminders: number | { error: string }
}

/**
 * The work of the cron trigger (every minute, wrangler.toml [triggers]): deliver what the outbox holds
 * (mail, partner logs, payment settlement and every other channel: docs/decisions/162), so a message
 * that failed at request time is retried and not lost; and forget stored idempotent answers past their
 * 24 hours; and, first, queue the flood claims' Proof of Loss reminders due on the policyholder's date
 * at `now`, draft the automatic payments due (services/autopay-run.ts), then queue the payment reminders of the
 * day (services/payment-reminders.ts), so their mail leaves in the same run. The tasks are independent: one failing does not stop the
 * others. `now` is the portal's clock (services/clock.ts: a tester may move it in development), and the
 * outbox is drained on it too, so what the run queued for its own time leaves in the run. The worker's scheduled handler runs it, and so does `POST /__dev/scheduled` in development (wrangler's
 * /cdn-cgi/handler/scheduled answers 500 locally while wrangler.toml has [assets]).
 */
export async function runScheduledWork(env: Env, at?: number): Promise<ScheduledReport> {
  const now = at ?? (await portalNow(env))
  // Automatic payments first: a draft made today is not also reminded of (its payment lowers the amount due).
  const [reminders, autopay] = await Promise.allSettled([queueProofOfLossReminders(env, now), runAutopay(env, now)])
  const [paymentReminders] = await Promise.allSettled([queuePaymentReminders(env, now)])
  const [drained, purged] = await Promise.allSettled([drainOutbox(env, { now }), purgeExpiredIdempotency(env.DB, now)])
  for (const r of [reminders, autopay, paymentReminders, drained, purged])
    if (r.status === 'rejected') log('error', 'scheduled work failed', { error: String(r.reason) })
  if (drained.status === 'fulfilled' && drained.value.delivered + drained.value.retried + drained.value.dead > 0) {
    log('info', 'outbox drained', { ...drained.value })
  }
  return {
    outbox: drained.status === 'fulfilled' ? drained.value : { error: String(drained.reason) },
    idempotencyPurged: purged.status === 'fulfilled' ? purged.value : { error: String(purged.reason) },
    proofOfLossReminders: reminders.status === 'fulfilled' ? reminders.value : { error: String(reminders.reason) },
    autopay: autopay.status === 'fulfilled' ? autopay.value : { error: String(autopay.reason) },
    paymentReminders: paymentReminders.status === 'fulfilled' ? paymentReminders.value : { error: String(paymentReminders.reason) },
  }
}
