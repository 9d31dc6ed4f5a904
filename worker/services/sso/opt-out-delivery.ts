import { optOutPort, type OptOutRecord } from '../../integrations/opt-out'
import { handler, type OutboxHandler } from '../outbox/outbox-delivery'

/**
 * The outbox's 'opt-out' channel (queued by services/opt-out.ts): one privacy preference to the
 * insurer through the opt-out port. A record the port did not take ({ok: false}: a refusal, a 5xx, a
 * timeout) is a failed delivery, retried with the outbox's backoff and buried after its attempts.
 */
export function optOutHandler(): OutboxHandler {
  return handler<OptOutRecord>(async (env, record) => {
    const result = await optOutPort(env).record(record)
    if (!result.ok) throw new Error(`opt-out not recorded: ${result.detail}`)
  })
}
