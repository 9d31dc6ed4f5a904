import type { ScheduledController, ExecutionContext } from '@cloudflare/workers-types'
import { createApp } from './app'
import type { Env } from './env'
import { checkEnv } from './env'
import { deliverPendingMail } from './integrations/mail'
import { deliverPartnerLogs } from './services/partner-logging'
import { log } from './services/log'

const app = createApp()

/**
 * Every minute (wrangler.toml [triggers]): retry what the outboxes hold, mail and partner logs, so a
 * message that failed at request time is not lost.
 */
async function scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  checkEnv(env)
  ctx.waitUntil(
    Promise.allSettled([deliverPendingMail(env), deliverPartnerLogs(env)]).then((results) => {
      for (const r of results) if (r.status === 'rejected') log('error', 'outbox delivery failed', { error: String(r.reason) })
    }),
  )
}

export default { fetch: app.fetch, scheduled }
