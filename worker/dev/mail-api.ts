import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { bodyLimit, MB } from '../middleware/body-limit'
import { API_REFUSALS } from '../middleware/api-refusals'
import { fromBase64 } from '../lib/bytes'
import { sha256Hex } from '../lib/sha256'
import { keepMail, mailFailSwitch, recentMail, type StandInAttachment } from './mail-store'

/**
 * Stand-in: the transactional mail API (decision 191), the one the portal's HTTP adapter
 * (worker/integrations/mail/http-adapter.ts) calls in every environment:
 *   POST /messages  Authorization: Bearer {MAIL_API_KEY}, Idempotency-Key, JSON {from, to[], subject,
 *                   text, attachments?: [{filename, content_type, content (base64)}]}  -> 200 {id}
 *   GET  /messages?to=  what it received, newest first (JSON: the tests' and the mailbox page's source)
 * A repeated Idempotency-Key is accepted and kept once. Told to fail (POST /mailbox/fail) it answers
 * 503, or answers late. Mounted at /__dev/mail in the portal and at /mail in the stand-ins' own process.
 */
const MAIL_API_BODY_LIMIT = 16 * MB
const MAX_ATTACHMENT_BYTES = 10 * MB

const sendSchema = z.object({
  from: z.email(),
  to: z.array(z.email()).min(1).max(50),
  subject: z.string().min(1).max(998),
  text: z.string().max(1_000_000),
  attachments: z
    .array(z.object({ filename: z.string().min(1).max(255), content_type: z.string().min(1).max(100), content: z.base64() }))
    .max(10)
    .optional(),
})

function authorized(c: Context<AppEnv>): boolean {
  const token = /^Bearer\s*(.*)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? null
  return token !== null && token === (c.env.MAIL_API_KEY ?? '')
}

export const mailApi = new Hono<AppEnv>()

mailApi.use('*', bodyLimit(MAIL_API_BODY_LIMIT, API_REFUSALS))

mailApi.post('/messages', async (c) => {
  if (!authorized(c)) return c.json({ error: 'invalid API key' }, 401)
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) return c.json({ error: 'send JSON' }, 415)
  const key = c.req.header('Idempotency-Key') ?? ''
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) return c.json({ error: 'Idempotency-Key is required' }, 400)
  const fail = await mailFailSwitch(c.env.CACHE).take()
  if (fail === 'refuse') return c.json({ error: 'mail stand-in told to fail' }, 503)
  if (fail) await new Promise((r) => setTimeout(r, fail.delayMs))
  let parsed: z.infer<typeof sendSchema>
  try {
    const result = sendSchema.safeParse(await c.req.json())
    if (!result.success) return c.json({ error: 'not a message', issues: result.error.issues.map((i) => i.path.join('.')) }, 422)
    parsed = result.data
  } catch {
    return c.json({ error: 'broken JSON' }, 400)
  }
  const folder = `standin-mail/${(await sha256Hex(key)).slice(0, 32)}`
  const attachments: StandInAttachment[] = []
  let total = 0
  for (const [i, a] of (parsed.attachments ?? []).entries()) {
    const bytes = fromBase64(a.content)
    total += bytes.byteLength
    if (total > MAX_ATTACHMENT_BYTES) return c.json({ error: 'attachments over 10 MB' }, 422)
    const r2Key = `${folder}/${i}`
    await c.env.DOCS.put(r2Key, bytes, { httpMetadata: { contentType: a.content_type } })
    attachments.push({ filename: a.filename, contentType: a.content_type, size: bytes.byteLength, r2Key })
  }
  const receivedAt = Date.now()
  // One message per recipient, as the provider's log shows it.
  for (const to of parsed.to) {
    await keepMail(c.env.DB, parsed.to.length === 1 ? key : `${key}:${to}`, {
      receivedAt,
      from: parsed.from,
      to,
      subject: parsed.subject,
      text: parsed.text,
      attachments,
    })
  }
  return c.json({ id: `msg_${folder.slice(-20)}` })
})

mailApi.get('/messages', async (c) => {
  const to = c.req.query('to')
  const mails = await recentMail(c.env.DB, { ...(to ? { to } : {}), limit: 100 })
  return c.json({ messages: mails.map(({ attachments, ...m }) => ({ ...m, attachments: attachments.map(({ r2Key: _, ...a }) => a) })) }, 200, {
    'Cache-Control': 'no-store',
  })
})
