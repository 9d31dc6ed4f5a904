import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { toJSONSchema } from 'zod/v4/core'
import type { AppEnv } from '../types'
import { KB } from '../middleware/body-limit'
import { RATE_RULES } from '../middleware/rate-rules'
import { endSession, refreshSession } from '../services/identity/session'
import { clearSessionCookie, writeSessionCookie } from '../services/identity/session-cookie'
import { audit } from '../db/audit'
import { globalFeatures } from '../services/policy/features'
import { log } from '../lib/log'
import { defineOperation, register } from './operation'
import { json, TokenSchema } from './schemas'

const tags = ['common']

/** Continue the session: a new token and idle deadline. Cookie sessions also get a new cookie. */
const continueSession = defineOperation(
  { method: 'post', path: '/common/token', tags, summary: 'Continue the session', responses: { 200: json(TokenSchema, 'A new token and idle deadline.') } },
  { auth: 'session', idempotency: 'none', claimSession: true },
)

/**
 * End the session (spec 000 section 7 names the operation, not its path): the bearer token, or the
 * cookie session, stops working at once. Bearer callers (the mobile app, partners) have no logout page.
 */
const endSessionOp = defineOperation(
  { method: 'delete', path: '/common/token', tags, summary: 'End the session', responses: { 204: { description: 'The token no longer works.' } } },
  { auth: 'session', idempotency: 'none', claimSession: true },
)

const globalFeaturesOp = defineOperation(
  {
    method: 'get',
    path: '/common/GetGlobalFeatures',
    tags,
    summary: 'Global feature flags',
    responses: { 200: json(z.record(z.string(), z.boolean()), 'Feature key -> on; an empty map when they cannot be read.') },
  },
  { auth: 'anyone' },
)

const LEVELS = ['Debug', 'Info', 'Warn', 'Error', '0', '1', '2', '3'] as const
const clientLogSchema = z.object({
  loggingLevel: z.union([z.enum(LEVELS), z.number().int().min(0).max(3)]).default('Info'),
  pageName: z.string().max(100).default(''),
  functionName: z.string().max(100).default(''),
  // Required: a body that is not JSON validates as {}, and a line without a message says nothing.
  message: z.string().min(1).max(2000),
})

type ClientLogLine = z.infer<typeof clientLogSchema>

/** Whatever the body is (not JSON, not a line, another content type), the answer is 204: a log line that cannot be read is ignored. */
const readableLine = createMiddleware<AppEnv, string, { out: { json: ClientLogLine } }>(async (c, next) => {
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(await c.req.arrayBuffer()))
  } catch {
    return c.body(null, 204)
  }
  const line = clientLogSchema.safeParse(value)
  if (!line.success) return c.body(null, 204)
  c.req.addValidatedData('json', line.data)
  await next()
})

/** Client-side log lines; whatever happens, 204 (spec: log failures are ignored). */
const clientLog = defineOperation(
  {
    method: 'post',
    path: '/common/Log',
    tags,
    summary: 'A client-side log line',
    request: {
      body: { required: true, content: { 'application/json': { schema: toJSONSchema(clientLogSchema, { io: 'input' }) as Record<string, unknown> } } },
    },
    middleware: [readableLine],
    responses: { 204: { description: 'Always, even for a line that cannot be read (spec 000 section 7).' } },
  },
  // A message of 2,000 characters and its fields.
  { auth: 'anyone', bodyLimit: 4 * KB, rate: RATE_RULES.log, idempotency: 'none', claimSession: true },
)

export function commonOperations(api: OpenAPIHono<AppEnv>): void {
  register(api, continueSession, async (c, { session }) => {
    const token = await refreshSession(c.env, session)
    if (c.get('authVia') === 'cookie') writeSessionCookie(c, token.accountToken)
    c.header('Cache-Control', 'no-store')
    return c.json(token)
  })

  register(api, endSessionOp, async (c, { session }) => {
    await endSession(c.env, session.id)
    await audit(c.env, c.get('requestId'), 'logout', session.profileId)
    if (c.get('authVia') === 'cookie') clearSessionCookie(c)
    c.header('Cache-Control', 'no-store')
    return c.body(null, 204)
  })

  register(api, globalFeaturesOp, async (c) => c.json(await globalFeatures(c.env)))

  register(api, clientLog, (c) => {
    const line = c.req.valid('json' as never) as ClientLogLine
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
}
