import type { Env } from '../../env'
import type { MailTransport } from './port'

/** KV key of the stand-in's failure switch (set from /__dev/mailbox/fail). */
export const MAIL_FAIL_KEY = 'dev:mail:fail'

export interface MailFailState {
  remaining: number
}

/**
 * The local stand-in: nothing leaves the machine. Delivering only marks the outbox row delivered; the
 * dev mailbox page (/__dev/mailbox) lists the outbox, and serves each attachment from its R2 key. It can be told to refuse the next deliveries
 * (POST /__dev/mailbox/fail), so the outbox's retries can be seen and tested. Refused in production
 * (see ./transport.ts).
 */
export function createLocalMailTransport(env?: Pick<Env, 'CACHE'>): MailTransport {
  return {
    name: 'local',
    keepsBody: true,
    async deliver() {
      const fail = env ? await env.CACHE.get<MailFailState>(MAIL_FAIL_KEY, 'json') : null
      if (!fail) return // The outbox row is the delivered message.
      if (fail.remaining <= 1) await env!.CACHE.delete(MAIL_FAIL_KEY)
      else await env!.CACHE.put(MAIL_FAIL_KEY, JSON.stringify({ remaining: fail.remaining - 1 }))
      throw new Error('mail stand-in told to fail')
    },
  }
}
