import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { jsonBody } from './validation'
import { requireSession } from './require-session'
import { endSession, refreshSession } from '../services/session'
import { clearSessionCookie, writeSessionCookie } from '../services/session-cookie'
import { audit } from '../services/audit'
import { globalFeatures } from '../services/features'
import { log } from '../services/log'

export const commonApi = new Hono<AppEnv>()

/** Continue the session: a new token and idle deadline. Cookie sessions also get a new cookie. */
commonApi.post('/token', requireSession, async (c) => {
  const token = await refreshSession(c.env, c.get('session')!)
  if (c.get('authVia') === 'cookie') writeSessionCookie(c, token.accountToken)
  c.header('Cache-Control', 'no-store')
  return c.json(token)
})

/**
 * End the session (spec 000 section 7 names the operation, not its path): the bearer token, or the
 * cookie session, stops working at once. Bearer callers (the mobile app, partners) have no logout page.
 */
commonApi.delete('/token', requireSession, async (c) => {
  const session = c.get('session')!
  await endSession(c.env, session.id)
  await audit(c.env, c.get('requestId'), 'logout', session.profileId)
  if (c.get('authVia') === 'cookie') clearSessionCookie(c)
  c.header('Cache-Control', 'no-store')
  return c.body(null, 204)
})

commonApi.get('/GetGlobalFeatures', async (c) => c.json(await globalFeatures(c.env)))

const LEVELS = ['Debug', 'Info', 'Warn', 'Error', '0', '1', '2', '3'] as const
const clientLogSchema = z.object({
  loggingLevel: z.union([z.enum(LEVELS), z.number().int().min(0).max(3)]).default('Info'),
  pageName: z.string().max(100).default(''),
  functionName: z.string().max(100).default(''),
  // Required: a body that is not JSON validates as {}, and a line without a message says nothing.
  message: z.string().min(1).max(2000),
})

/** Whatever happens here, the caller gets 204: a log line that cannot be read is ignored (spec: log failures are). */
const ignored = (c: Context) => c.body(null, 204)

/** Client-side log lines. */
commonApi.post('/Log', jsonBody(clientLogSchema, ignored), async (c) => {
  const line = c.req.valid('json')
  const level = String(line.loggingLevel)
  const severity = level === '3' || level === 'Error' ? 'error' : level === '2' || level === 'Warn' ? 'warn' : 'info'
  log(severity, line.message.slice(0, 500), {
    source: 'client',
    requestId: c.get('requestId'),
    sid: c.get('sid'),
    pageName: line.pageName,
    functionName: line.functionName,
  })
  return c.body(null, 204)
})
