import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../types'
import { smsSignatureHeaders } from '../../integrations/sms/webhook-signature'
import { keepText, recentTexts } from './store'
import { smsPage } from './page'

/**
 * Stand-in: the SMS provider (issue 32 item 5, decision 209), dev only (/__dev is a 404 in every
 * deployed environment, and they refuse an SMS_API_URL pointing here). The API the HTTP adapter
 * (worker/integrations/sms/http.ts) speaks, with `Authorization: Bearer {SMS_API_KEY}`:
 *   POST /messages  Idempotency-Key, JSON {to (E.164), text}  -> 200 {id}; a repeated key is kept once
 *   GET  /messages?to=  what it received, newest first (JSON: the tests' and the page's source)
 * For a developer and the tests, a reply from a phone, as the provider's inbound webhook sends it:
 *   POST /reply {from, text} (JSON or the page's form)  signed with SMS_WEBHOOK_SECRET, to
 *        {PORTAL_BASE_URL}/hooks/sms; answers { delivered: true, status } (the portal's HTTP status)
 *   GET  /   the page: the texts received, and a form to reply (STOP) from a number
 * Mounted at /__dev/sms in the portal and at /sms in the stand-ins' own process.
 */
export const smsStandIn = new Hono<AppEnv>()

const sendSchema = z.object({ to: z.string().regex(/^\+1\d{10}$/), text: z.string().min(1).max(1600) })
const replySchema = z.object({ from: z.string().regex(/^\+1\d{10}$/), text: z.string().min(1).max(1600) })

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

smsStandIn.post('/messages', async (c) => {
  const token = /^Bearer\s*(.*)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? null
  if (token === null || token !== (c.env.SMS_API_KEY ?? '')) return c.json({ error: 'invalid API key' }, 401)
  const key = c.req.header('Idempotency-Key') ?? ''
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) return c.json({ error: 'Idempotency-Key is required' }, 400)
  const parsed = sendSchema.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'send {to: E.164 number, text}' }, 422)
  await keepText(c.env.DB, key, { receivedAt: Date.now(), to: parsed.data.to, text: parsed.data.text })
  return c.json({ id: `sms_${crypto.randomUUID()}` })
})

smsStandIn.get('/messages', async (c) => {
  const to = c.req.query('to')
  return c.json({ messages: await recentTexts(c.env.DB, { ...(to ? { to } : {}), limit: 100 }) }, 200, { 'Cache-Control': 'no-store' })
})

/** Where this stand-in is mounted, from a path under it: /__dev/sms in the portal, /sms in its own process. */
const mountOf = (path: string) => path.replace(/\/reply\/?$/, '')

smsStandIn.post('/reply', async (c) => {
  const base = mountOf(c.req.path)
  const fromForm = (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')
  const parsed = replySchema.safeParse(fromForm ? await c.req.parseBody() : await readJson(c))
  if (!parsed.success) return fromForm ? c.redirect(`${base}?replied=invalid`, 303) : c.json({ error: 'send {from: E.164 number, text}' }, 400)
  const body = JSON.stringify({ id: `in_${crypto.randomUUID()}`, from: parsed.data.from, text: parsed.data.text })
  const hook = `${c.env.PORTAL_BASE_URL.replace(/\/+$/, '')}/hooks/sms`
  let status: number
  try {
    const res = await fetch(hook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await smsSignatureHeaders(c.env.SMS_WEBHOOK_SECRET ?? '', body, Date.now())) },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    status = res.status
    await res.body?.cancel()
  } catch {
    return fromForm ? c.redirect(`${base}?replied=unreachable`, 303) : c.json({ delivered: false, error: 'the portal did not answer' }, 502)
  }
  return fromForm ? c.redirect(`${base}?replied=${status}`, 303) : c.json({ delivered: true, status })
})

smsStandIn.get('/', async (c) => smsPage(c, c.req.path.replace(/\/+$/, ''), await recentTexts(c.env.DB, { limit: 100 }), c.req.query('replied') ?? null))
