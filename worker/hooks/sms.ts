import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { SMS_SIGNATURE_HEADER, SMS_TIMESTAMP_HEADER } from '../integrations/sms/webhook-signature'
import { receiveInboundText } from '../services/notifications/sms-inbound'

/**
 * POST /hooks/sms: a text someone sent to the portal's number, from the SMS provider, signed
 * (integrations/sms/webhook-signature.ts, decision 209). 200 {received, stopped}; 401 bad or stale
 * signature; 400 not an inbound text. The body is read as text: the signature is over its exact bytes.
 */
export const smsHook = new Hono<AppEnv>()

smsHook.post('/', async (c) => {
  const answer = await receiveInboundText(c.env, {
    rawBody: await c.req.text(),
    timestamp: c.req.header(SMS_TIMESTAMP_HEADER) ?? null,
    signature: c.req.header(SMS_SIGNATURE_HEADER) ?? null,
    requestId: c.get('requestId'),
    now: Date.now(),
  })
  return c.json(answer.body, answer.status)
})
