import type { KVNamespace } from '@cloudflare/workers-types'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import type { OptOutRecord } from '../integrations/opt-out'

/**
 * Stand-in: the insurer's privacy-preference endpoint (development only, behind /__dev's gate, decision
 * 120), which the portal's opt-out HTTP adapter calls in every environment (decision 191):
 *   POST /preferences            a record as JSON  -> 201; told to fail, 503
 *   GET  /preferences?policyId=  what it recorded for a policy, oldest first
 *   POST /fail {times?}          refuse the next records;   DELETE /fail
 * It keeps what it was sent in KV for a day.
 */
const RECORD_PREFIX = 'dev:opt-out:'
const FAIL_KEY = 'dev:opt-out-fail'

const recordSchema = z.object({
  policyId: z.string().min(1).max(40),
  preference: z.union([z.literal(0), z.literal(1)]),
  source: z.enum(['sso-landing', 'privacy-confirmation']),
  gpc: z.boolean(),
  recordedAt: z.iso.datetime(),
})

/** What the stand-in recorded for a policy, oldest first. */
export async function localOptOutRecords(kv: KVNamespace, policyId: string): Promise<OptOutRecord[]> {
  const { keys } = await kv.list({ prefix: `${RECORD_PREFIX}${policyId}:` })
  const values = await Promise.all(keys.map((k) => kv.get<OptOutRecord>(k.name, 'json')))
  return values.filter((v): v is OptOutRecord => v !== null)
}

/** One refusal off the switch; false when the stand-in answers normally. */
async function takeFailure(kv: KVNamespace): Promise<boolean> {
  const fail = await kv.get<{ remaining: number }>(FAIL_KEY, 'json')
  if (!fail) return false
  if (fail.remaining <= 1) await kv.delete(FAIL_KEY)
  else await kv.put(FAIL_KEY, JSON.stringify({ remaining: fail.remaining - 1 }))
  return true
}

export const optOutStandIn = new Hono<AppEnv>()

optOutStandIn.post('/preferences', async (c) => {
  if (await takeFailure(c.env.CACHE)) return c.json({ error: 'opt-out stand-in told to fail' }, 503)
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    return c.json({ error: 'broken JSON' }, 400)
  }
  const parsed = recordSchema.safeParse(body)
  if (!parsed.success) return c.json({ error: 'not a preference record' }, 422)
  const record = parsed.data
  const key = `${RECORD_PREFIX}${record.policyId}:${String(Date.now()).padStart(15, '0')}:${crypto.randomUUID()}`
  await c.env.CACHE.put(key, JSON.stringify(record), { expirationTtl: 24 * 60 * 60 })
  return c.json({ recorded: true }, 201)
})

optOutStandIn.get('/preferences', async (c) =>
  c.json({ records: await localOptOutRecords(c.env.CACHE, c.req.query('policyId') ?? '') }, 200, { 'Cache-Control': 'no-store' }),
)

optOutStandIn.post('/fail', async (c) => {
  let body: unknown = {}
  try {
    body = await c.req.json()
  } catch {
    // no body: fail once
  }
  const parsed = z.object({ times: z.number().int().min(1).max(100).default(1) }).safeParse(body ?? {})
  if (!parsed.success) return c.json({ error: 'times must be 1-100' }, 400)
  await c.env.CACHE.put(FAIL_KEY, JSON.stringify({ remaining: parsed.data.times }))
  return c.json({ remaining: parsed.data.times })
})

optOutStandIn.delete('/fail', async (c) => {
  await c.env.CACHE.delete(FAIL_KEY)
  return c.body(null, 204)
})
