import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../integrations/claims-system/webhook-signature'
import { receiveClaimEvent } from '../services/claims/claim-events-intake'
import { kickDrain } from '../services/outbox/outbox'
import { background } from '../lib/background'

/**
 * POST /hooks/claims-system: one event of the carrier's claims system, signed (headers and scheme:
 * integrations/claims-system/webhook-signature.ts, decision 167). 200 {received, duplicate}; 401 bad or
 * stale signature; 400 not an event; 404 unknown claim. The body is read as text: the signature is over
 * its exact bytes.
 */
export const claimsSystemHook = new Hono<AppEnv>()

claimsSystemHook.post('/', async (c) => {
  const answer = await receiveClaimEvent(c.env, {
    rawBody: await c.req.text(),
    timestamp: c.req.header(TIMESTAMP_HEADER) ?? null,
    signature: c.req.header(SIGNATURE_HEADER) ?? null,
    requestId: c.get('requestId'),
    now: Date.now(),
  })
  // The mails and texts the event brought go out now (after the answer when deployed), not at the next cron.
  if (answer.status === 200) await kickDrain(c.env, background(c), { channels: ['mail', 'sms'] })
  return c.json(answer.body, answer.status)
})
