import { z } from 'zod'
import type { Env } from '../../env'
import { stopWordOf, phoneOf, phoneEnding } from '../../../shared/notifications/preferences'
import { stopPhone } from '../../db/notifications/notification-settings'
import { log } from '../../lib/log'
import { signedJson } from '../request/signed-json'

/**
 * One inbound text from the SMS provider (POST /hooks/sms, decision 209), checked in this order, each
 * refusal changing nothing: the signature and its timestamp (401), the JSON and its shape (400). A STOP
 * word stops every text to that number at once (every profile that verified it); anything else is
 * acknowledged and ignored (HELP is answered by the provider's own auto-reply). A repeated STOP changes
 * nothing more.
 */
const inboundSchema = z.object({
  id: z.string().min(1).max(100),
  from: z.string().min(1).max(30),
  text: z.string().max(1600),
})

export type InboundAnswer = { status: 200; body: { received: true; stopped: boolean } } | { status: 400 | 401; body: { error: string } }

export async function receiveInboundText(
  env: Env,
  req: { rawBody: string; timestamp: string | null; signature: string | null; requestId: string; now: number },
): Promise<InboundAnswer> {
  const body = await signedJson(env.SMS_WEBHOOK_SECRET, req, 'inbound text')
  if (!('json' in body)) return body
  const json = body.json
  const parsed = inboundSchema.safeParse(json)
  const from = parsed.success ? phoneOf(parsed.data.from) : null
  if (!parsed.success || !from) return { status: 400, body: { error: 'not an inbound text this portal knows' } }
  const word = stopWordOf(parsed.data.text)
  if (!word) return { status: 200, body: { received: true, stopped: false } }
  const changed = await stopPhone(env.DB, from, word, req.now)
  log('info', 'inbound STOP', { requestId: req.requestId, number: phoneEnding(from), profiles: changed })
  return { status: 200, body: { received: true, stopped: true } }
}
