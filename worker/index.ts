import type { ScheduledController, ExecutionContext } from '@cloudflare/workers-types'
import { createApp } from './app'
import type { Env } from './env'
import { checkEnv } from './env'
import { runScheduledWork } from './services/scheduled-work'

const app = createApp()

/** Every minute (wrangler.toml [triggers]): the scheduled work (worker/scheduled-work.ts). */
async function scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  checkEnv(env)
  ctx.waitUntil(runScheduledWork(env))
}

export default { fetch: app.fetch, scheduled }
