import type { KVNamespace } from '@cloudflare/workers-types'
import type { OptOutPort, OptOutRecord } from './port'

export const LOCAL_OPT_OUT_PREFIX = 'dev:opt-out:'

/**
 * The local stand-in for the insurer's preference endpoint: keeps what it was sent in KV (a day), so a
 * developer or a test can see it. Never used in production.
 */
export function localOptOutStandIn(kv: KVNamespace): OptOutPort {
  return {
    name: 'local',
    async record(record: OptOutRecord) {
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
