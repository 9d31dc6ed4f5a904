import type { Env } from '../../env'
import type { MailTransport } from './port'

/** KV key of the stand-in's failure switch (set from /__dev/mailbox/fail). */
export const MAIL_FAIL_KEY = 'dev:mail:fail'

/** Refuse the next `remaining` deliveries; or, with delayMs, deliver every one that much later (a slow mail API). */
export type MailFailState = { remaining: number } | { delayMs: number }

/**
 * The local stand-in: nothing leaves the machine. Delivering only marks the outbox row delivered; the
 * dev mailbox page (/__dev/mailbox) lists the outbox, and serves each attachment from its R2 key. It can be told to refuse the next deliveries
 * (POST /__dev/mailbox/fail), so the outbox's retries can be seen and tested, or to be slow (a storm's
 * mail API, tests/perf/storm.mjs). Refused in production (see ./transport.ts).
 */
export function createLocalMailTransport(env?: Pick<Env, 'CACHE'>): MailTransport {
  return {
    name: 'local',
    keepsBody: true,
    async deliver() {
      const fail = env ? await env.CACHE.get<MailFailState>(MAIL_FAIL_KEY, 'json') : null
      if (!fail) return // The outbox row is the delivered message.
      if ('delayMs' in fail) {
        await new Promise((r) => setTimeout(r, fail.delayMs))
        return
      }
      if (fail.remaining <= 1) await env!.CACHE.delete(MAIL_FAIL_KEY)
      else await env!.CACHE.put(MAIL_FAIL_KEY, JSON.stringify({ remaining: fail.remaining - 1 }))
      throw new Error('mail stand-in told to fail')
    },
  }
}
