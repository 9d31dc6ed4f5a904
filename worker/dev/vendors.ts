import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { IDEMPOTENCY_HEADER } from '../integrations/vendors/http'
import { vendorsPage } from './vendors-page'
import { forgetAll, listDispatches, takeDispatch, failures } from './vendors-store'

/**
 * Stand-in: the National Vendor network, dev only (/__dev is a 404 in every deployed environment, and
 * they refuse a VENDOR_API_URL pointing here). The API the HTTP adapter speaks (decision 170), with
 * `Authorization: Bearer {VENDOR_API_KEY}`:
 *   POST /dispatches  Idempotency-Key, JSON request -> 201 { dispatch } (new) | 200 { dispatch } (the key's, sent before)
 *        dispatch: { id, status: 'accepted', company, phone, expectedArrival } (a made-up vendor, a few hours ahead)
 * For a developer and the tests:
 *   GET    /dispatches                 { dispatches: [ { idempotencyKey, claimNumber, company, phone, expectedArrival, received, services } ] }
 *   DELETE /dispatches                 forgets everything
 *   POST   /fail {times, status} | {times, timeout: true}   the next N dispatch answers fail: with that
 *          status, doing nothing; or (timeout) doing the work and losing the answer (504). DELETE /fail
 *   GET    /                           the page: what it received
 */
export const vendorsStandIn = new Hono<AppEnv>()

const requestSchema = z.object({
  claimNumber: z.string().min(1).max(64),
  policyId: z.string().min(1).max(40),
  services: z.array(z.string().min(1).max(60)).min(1).max(10),
})

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

vendorsStandIn.post('/dispatches', async (c) => {
  const token = /^Bearer\s*(.*)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? null
  if (token === null || token !== (c.env.VENDOR_API_KEY ?? '')) return c.json({ error: 'invalid credentials' }, 401)
  const failure = await failures(c.env.DB).take()
  if (failure && !failure.timeout) return c.json({ error: 'told to fail' }, (failure.status ?? 500) as 500)
  const key = c.req.header(IDEMPOTENCY_HEADER)
  if (!key || key.length > 128) return c.json({ error: `${IDEMPOTENCY_HEADER} is required` }, 400)
  const body = await readJson(c)
  const parsed = requestSchema.safeParse(body)
  if (!parsed.success) return c.json({ error: 'a dispatch needs a claim number, a policy and at least one service' }, 422)
  const { dispatch, created } = await takeDispatch(c.env.DB, { key, claimNumber: parsed.data.claimNumber, request: JSON.stringify(body), now: Date.now() })
  // Timeout: the work is done, the answer is lost on the way back.
  if (failure?.timeout) return c.json({ error: 'upstream timeout' }, 504)
  const answer = {
    id: `vd-${dispatch.claimNumber}`,
    status: 'accepted' as const,
    company: dispatch.company,
    phone: dispatch.phone,
    expectedArrival: dispatch.expectedArrival,
  }
  return c.json({ dispatch: answer }, created ? 201 : 200)
})

vendorsStandIn.get('/dispatches', async (c) => c.json({ dispatches: await listDispatches(c.env.DB) }))

vendorsStandIn.delete('/dispatches', async (c) => {
  await forgetAll(c.env.DB)
  return c.body(null, 204)
})

const failSchema = z.union([
  z.object({ times: z.number().int().min(1).max(100).default(1), status: z.number().int().min(400).max(599) }),
  z.object({ times: z.number().int().min(1).max(100).default(1), timeout: z.literal(true) }),
])

vendorsStandIn.post('/fail', async (c) => {
  const parsed = failSchema.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'send {times, status} or {times, timeout: true}' }, 400)
  const state = { remaining: parsed.data.times, status: 'status' in parsed.data ? parsed.data.status : null, timeout: 'timeout' in parsed.data }
  await failures(c.env.DB).set(state)
  return c.json(state)
})

vendorsStandIn.delete('/fail', async (c) => {
  await failures(c.env.DB).clear()
  return c.body(null, 204)
})

vendorsStandIn.get('/', async (c) => vendorsPage(c, await listDispatches(c.env.DB)))
