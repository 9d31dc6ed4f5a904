import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { LogLevel } from '../../shared/sso/partner-log'
import { drainOutbox } from '../services/outbox/outbox'

/**
 * Stand-in: the partner app-logs receiver, dev only (/__dev is a 404 in production). It records what
 * arrived (never the bearer token itself: a fingerprint of it) and lists it:
 *   POST /        an entry, with Authorization: Bearer … (401 without; 400 when not an entry)
 *   GET  /        {entries} (?transactionId= to filter), oldest first;  DELETE / forgets them
 *   POST /fail    {status, times?}: answer the next deliveries with that status; DELETE /fail
 *   POST /outbox/deliver  drains the portal's partner-log outbox now (what the cron handler does)
 */
export const partnerLogsStandIn = new Hono<AppEnv>()

const ENTRY_PREFIX = 'dev:partner-logs:entry:'
const FAIL_KEY = 'dev:partner-logs:fail'

const entrySchema = z.object({
  ApplicationName: z.string().min(1).max(200),
  LogLevel: z.union([z.literal(LogLevel.Debug), z.literal(LogLevel.Info), z.literal(LogLevel.Warn), z.literal(LogLevel.Error)]),
  Message: z.string().max(100),
  TransactionDateTime: z.iso.datetime(),
  TransactionId: z.string().min(1).max(64),
})

interface ReceivedPartnerLog {
  receivedAt: string
  /** SHA-256 (hex, first 16) of the bearer token that came with it. */
  tokenFingerprint: string
  entry: z.infer<typeof entrySchema>
}

async function tokenFingerprint(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16)
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

partnerLogsStandIn.post('/', async (c) => {
  const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
  if (!token) return c.json({ error: 'bearer token required' }, 401)
  const fail = await c.env.CACHE.get<{ status: number; remaining: number }>(FAIL_KEY, 'json')
  if (fail) {
    if (fail.remaining <= 1) await c.env.CACHE.delete(FAIL_KEY)
    else await c.env.CACHE.put(FAIL_KEY, JSON.stringify({ ...fail, remaining: fail.remaining - 1 }))
    return c.json({ error: 'told to fail' }, fail.status as 500)
  }
  const parsed = entrySchema.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'not a log entry' }, 400)
  const received: ReceivedPartnerLog = { receivedAt: new Date().toISOString(), tokenFingerprint: await tokenFingerprint(token), entry: parsed.data }
  const key = `${ENTRY_PREFIX}${String(Date.now()).padStart(15, '0')}:${crypto.randomUUID()}`
  await c.env.CACHE.put(key, JSON.stringify(received), { expirationTtl: 24 * 60 * 60 })
  return c.json({ accepted: true }, 202)
})

partnerLogsStandIn.get('/', async (c) => {
  const transactionId = c.req.query('transactionId')
  const { keys } = await c.env.CACHE.list({ prefix: ENTRY_PREFIX })
  const all = await Promise.all(keys.map((k) => c.env.CACHE.get<ReceivedPartnerLog>(k.name, 'json')))
  const entries = all.filter((e): e is ReceivedPartnerLog => e !== null && (!transactionId || e.entry.TransactionId === transactionId))
  c.header('Cache-Control', 'no-store')
  return c.json({ entries })
})

partnerLogsStandIn.delete('/', async (c) => {
  const { keys } = await c.env.CACHE.list({ prefix: ENTRY_PREFIX })
  await Promise.all(keys.map((k) => c.env.CACHE.delete(k.name)))
  return c.body(null, 204)
})

partnerLogsStandIn.post('/fail', async (c) => {
  const parsed = z.object({ status: z.number().int().min(400).max(599), times: z.number().int().min(1).max(100).default(1) }).safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'status must be 400-599' }, 400)
  await c.env.CACHE.put(FAIL_KEY, JSON.stringify({ status: parsed.data.status, remaining: parsed.data.times }))
  return c.json(parsed.data)
})

partnerLogsStandIn.delete('/fail', async (c) => {
  await c.env.CACHE.delete(FAIL_KEY)
  return c.body(null, 204)
})

partnerLogsStandIn.post('/outbox/deliver', async (c) => c.json(await drainOutbox(c.env, { channels: ['partner-log'] })))
