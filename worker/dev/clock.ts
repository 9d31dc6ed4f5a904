import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { portalNow, setDevClock } from '../lib/clock'

/**
 * The portal's clock for testers (issue 22 item 5), development only like every /__dev path:
 *   POST /__dev/clock  {"now": "2026-12-01T09:00:00Z"}  moves the clock there (it runs on from it)
 *   POST /__dev/clock  {"now": null}                    gives the system clock back
 *   GET  /__dev/clock                                   {"now": ISO, "moved": boolean}
 */
export const clockApp = new Hono<AppEnv>()

const bodySchema = z.object({ now: z.iso.datetime({ offset: true }).nullable() })

async function current(c: { env: AppEnv['Bindings'] }) {
  const now = await portalNow(c.env)
  return { now: new Date(now).toISOString(), moved: Math.abs(now - Date.now()) > 1000 }
}

clockApp.get('/', async (c) => c.json(await current(c), 200, { 'Cache-Control': 'no-store' }))

clockApp.post('/', async (c) => {
  const parsed = bodySchema.safeParse(await c.req.json().catch(() => undefined))
  if (!parsed.success) return c.json({ errorMessage: 'Send {"now": "<ISO date-time>"} or {"now": null}.' }, 400)
  await setDevClock(c.env, parsed.data.now === null ? null : Date.parse(parsed.data.now))
  return c.json(await current(c), 200, { 'Cache-Control': 'no-store' })
})
