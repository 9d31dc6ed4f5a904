import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { lockedUntil, recordEvents, type CounterRule } from '../db/counters'
import { normalizePolicyNumber } from '../../shared/policy/policy-number'
import { clientMeta } from '../services/client-meta'
import { log } from '../services/log'
import { tooManyPage } from '../pages/too-many'

/** Per-IP burst limit (Workers rate-limit binding) for credential and lookup endpoints. */
export const ipBurstLimit = createMiddleware<AppEnv>(async (c, next) => {
  const limiter = c.env.IP_LIMITER
  if (limiter) {
    const { ip } = clientMeta(c)
    const { success } = await limiter.limit({ key: `ip:${ip}` })
    if (!success) {
      log('warn', 'ip burst limit', { requestId: c.get('requestId'), path: c.req.path })
      c.header('Retry-After', '60')
      return c.req.path.startsWith('/v1')
        ? c.json({ errorMessage: 'Too many attempts. Please wait a minute and try again.' }, 429)
        : tooManyPage(c, 'Too many attempts. Please wait a minute and try again.')
    }
  }
  await next()
})

/**
 * Answers that tell whether something exists (decision 125): registration and profile edit say when a
 * user name or email address is in use, verifyPgr (and Find My Policy) that a policy is serviced by the
 * partner. Each answered request counts against the caller's address, its session and the policy it
 * names; 10 in 15 minutes per session or policy, 30 per address (offices share one), then 429.
 */
export const PROBE_RULE: CounterRule = { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }
export const PROBE_IP_RULE: CounterRule = { limit: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }
/** Client log lines: 30 a minute per address and per session is far more than a page in trouble sends. */
export const LOG_RULE: CounterRule = { limit: 30, windowMs: 60_000, lockMs: 60_000 }

export const TOO_MANY = 'Too many requests in a short time. Please wait a few minutes and try again.'

interface LimitedRoute {
  name: string
  method: string
  path: RegExp
  perIp: CounterRule
  perSession?: CounterRule
  perPolicy?: CounterRule
  /** Where the policy number is: a path group, or a field of the JSON or form body. */
  policyFrom?: { group: number } | { field: string }
}

export const LIMITED_ROUTES: readonly LimitedRoute[] = [
  { name: 'register', method: 'POST', path: /^\/v1\/profile\/?$/, perIp: PROBE_IP_RULE, perPolicy: PROBE_RULE, policyFrom: { field: 'policyID' } },
  { name: 'register', method: 'POST', path: /^\/register-policy\/?$/i, perIp: PROBE_IP_RULE, perPolicy: PROBE_RULE, policyFrom: { field: 'policyID' } },
  { name: 'profile', method: 'PUT', path: /^\/v1\/profile\/?$/, perIp: PROBE_IP_RULE, perSession: PROBE_RULE },
  { name: 'profile', method: 'POST', path: /^\/manage-profile\/?$/i, perIp: PROBE_IP_RULE, perSession: PROBE_RULE },
  {
    name: 'verify',
    method: 'GET',
    path: /^\/v1\/profile\/verifyPgr\/([^/]*)\/?$/,
    perIp: PROBE_IP_RULE,
    perSession: PROBE_RULE,
    perPolicy: PROBE_RULE,
    policyFrom: { group: 1 },
  },
  {
    name: 'verify',
    method: 'POST',
    path: /^\/find-policy\/?$/i,
    perIp: PROBE_IP_RULE,
    perSession: PROBE_RULE,
    perPolicy: PROBE_RULE,
    policyFrom: { field: 'policyId' },
  },
  { name: 'log', method: 'POST', path: /^\/v1\/common\/Log\/?$/i, perIp: LOG_RULE, perSession: LOG_RULE },
]

/**
 * The limits of LIMITED_ROUTES, on D1 counters (shared by every isolate, unlike memory). A locked key is
 * a 429 with Retry-After before the handler runs; a request counts once answered (below 400), so a
 * form sent back with validation messages costs nothing.
 */
export const routeLimits = createMiddleware<AppEnv>(async (c, next) => {
  const match = LIMITED_ROUTES.map((r) => ({ r, m: r.method === c.req.method ? r.path.exec(c.req.path) : null })).find((x) => x.m)
  if (!match) return next()
  const { r: route, m } = match
  const entries = await limitKeys(c, route, m!)
  const now = Date.now()
  const until = await lockedUntil(
    c.env.DB,
    entries.map((e) => e.key),
    now,
  )
  if (until) {
    log('warn', 'rate limit', { requestId: c.get('requestId'), route: route.name, path: c.req.path })
    c.header('Retry-After', String(Math.max(1, Math.ceil((until - now) / 1000))))
    return c.req.path.startsWith('/v1/') ? c.json({ errorMessage: TOO_MANY }, 429) : tooManyPage(c, TOO_MANY)
  }
  await next()
  if (c.res.status < 400) await recordEvents(c.env.DB, entries, now)
})

async function limitKeys(c: Context<AppEnv>, route: LimitedRoute, m: RegExpExecArray): Promise<{ key: string; rule: CounterRule }[]> {
  const entries = [{ key: `rate:${route.name}:ip:${clientMeta(c).ip}`, rule: route.perIp }]
  const session = c.get('session')
  if (route.perSession && session) entries.push({ key: `rate:${route.name}:session:${session.id}`, rule: route.perSession })
  if (route.perPolicy && route.policyFrom) {
    const raw = 'group' in route.policyFrom ? safeDecode(m[route.policyFrom.group] ?? '') : await bodyField(c, route.policyFrom.field)
    const policy = normalizePolicyNumber(raw ?? '').slice(0, 40)
    if (policy) entries.push({ key: `rate:${route.name}:policy:${policy}`, rule: route.perPolicy })
  }
  return entries
}

/** A field of a JSON or urlencoded body, read from a copy (the handler reads the body itself). */
async function bodyField(c: Context<AppEnv>, field: string): Promise<string | null> {
  try {
    const type = c.req.header('Content-Type') ?? ''
    const text = new TextDecoder().decode(await c.req.raw.clone().arrayBuffer())
    if (/json/i.test(type)) {
      const value = (JSON.parse(text) as Record<string, unknown> | null)?.[field]
      return typeof value === 'string' ? value : null
    }
    if (/x-www-form-urlencoded/i.test(type)) return new URLSearchParams(text).get(field)
  } catch {
    // a body the handler will refuse anyway
  }
  return null
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
