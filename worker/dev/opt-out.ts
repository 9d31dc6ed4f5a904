import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { OPT_OUT_FAIL_KEY, type OptOutFailState } from '../integrations/opt-out/local'

/**
 * The opt-out stand-in's failure switch (development only, behind /__dev's gate, decision 120):
 *   POST /__dev/opt-out/fail {times?}   refuse the next records;   DELETE /__dev/opt-out/fail
 * What the stand-in records is read with localOptOutRecords (worker/integrations/opt-out/local.ts).
 */
export const optOutStandIn = new Hono<AppEnv>()

optOutStandIn.post('/fail', async (c) => {
  let body: unknown = {}
  try {
    body = await c.req.json()
  } catch {
    // no body: fail once
  }
  const parsed = z.object({ times: z.number().int().min(1).max(100).default(1) }).safeParse(body ?? {})
  if (!parsed.success) return c.json({ error: 'times must be 1-100' }, 400)
  const state: OptOutFailState = { remaining: parsed.data.times }
  await c.env.CACHE.put(OPT_OUT_FAIL_KEY, JSON.stringify(state))
  return c.json(state)
})

optOutStandIn.delete('/fail', async (c) => {
  await c.env.CACHE.delete(OPT_OUT_FAIL_KEY)
  return c.body(null, 204)
})
