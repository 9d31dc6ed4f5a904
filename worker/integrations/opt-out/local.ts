import type { KVNamespace } from '@cloudflare/workers-types'
import type { OptOutPort, OptOutRecord } from './port'

export const LOCAL_OPT_OUT_PREFIX = 'dev:opt-out:'
/** KV key of the stand-in's failure switch (set from POST /__dev/opt-out/fail, like the mail stand-in's). */
export const OPT_OUT_FAIL_KEY = 'dev:opt-out-fail'

export interface OptOutFailState {
  remaining: number
}

/**
 * The local stand-in for the insurer's preference endpoint: keeps what it was sent in KV (a day), so a
 * developer or a test can see it. It can be told to refuse the next records (as the real endpoint
 * answering 5xx or not at all would be seen: not recorded). Never used in production.
 */
export function localOptOutStandIn(kv: KVNamespace): OptOutPort {
  return {
    name: 'local',
    async record(record: OptOutRecord) {
      const fail = await kv.get<OptOutFailState>(OPT_OUT_FAIL_KEY, 'json')
      if (fail) {
        if (fail.remaining <= 1) await kv.delete(OPT_OUT_FAIL_KEY)
        else await kv.put(OPT_OUT_FAIL_KEY, JSON.stringify({ remaining: fail.remaining - 1 }))
        return { ok: false, detail: 'stand-in told to fail' }
      }
      const key = `${LOCAL_OPT_OUT_PREFIX}${record.policyId}:${String(Date.now()).padStart(15, '0')}:${crypto.randomUUID()}`
      try {
        await kv.put(key, JSON.stringify(record), { expirationTtl: 24 * 60 * 60 })
        return { ok: true, detail: 'stored locally' }
      } catch {
        return { ok: false, detail: 'local store failed' }
      }
    },
  }
}

/** What the stand-in recorded for a policy, oldest first. */
export async function localOptOutRecords(kv: KVNamespace, policyId: string): Promise<OptOutRecord[]> {
  const { keys } = await kv.list({ prefix: `${LOCAL_OPT_OUT_PREFIX}${policyId}:` })
  const values = await Promise.all(keys.map((k) => kv.get<OptOutRecord>(k.name, 'json')))
  return values.filter((v): v is OptOutRecord => v !== null)
}
