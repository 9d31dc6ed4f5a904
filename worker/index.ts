import type { ScheduledController, ExecutionContext } from '@cloudflare/workers-types'
import { createApp } from './app'
import type { Env } from './env'
import { checkEnv } from './env'
import { drainOutbox } from './services/outbox'
import { purgeExpiredIdempotency } from './db/idempotency-keys'
import { log } from './services/log'

const app = createApp()

/**
 * Every minute (wrangler.toml [triggers]): deliver what the outbox holds (mail, partner logs, and every
 * other channel, payment settlement included: docs/decisions/162), so a message that failed at request
 * time is retried and not lost; and forget stored idempotent answers past their 24 hours.
 */
async function scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  checkEnv(env)
  ctx.waitUntil(
    Promise.allSettled([drainOutbox(env), purgeExpiredIdempotency(env.DB, Date.now())]).then((results) => {
      for (const r of results) if (r.status === 'rejected') log('error', 'scheduled work failed', { error: String(r.reason) })
      const drained = results[0]
      if (drained.status === 'fulfilled' && drained.value.delivered + drained.value.retried + drained.value.dead > 0) {
        log('info', 'outbox drained', { ...drained.value })
      }
    }),
  )
}

export default { fetch: app.fetch, scheduled }
