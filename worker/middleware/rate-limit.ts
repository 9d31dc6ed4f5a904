import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { lockedUntil, recordEvents, reserveSlots, type CounterRule } from '../db/counters'
import { REPLAYED_HEADER } from '../services/idempotency/answers'
import { normalizePolicyNumber } from '../../shared/policy/policy-number'
import { clientMeta } from '../services/request/client-meta'
import { log } from '../lib/log'
import type { Refusals } from './refusals'
import { TOO_MANY, type RateRule } from './rate-rules'
import { refusalTexts } from './texts'

/**
 * Per-IP burst limit (Workers rate-limit binding) for credential and lookup endpoints. `perAccount`: an
 * endpoint that acts for the signed-in account counts against the account, not the address, so a crowd
 * of accounts behind one address (a shelter's Wi-Fi) is never refused for each other (decision 185).
 * Sign-in and the other anonymous forms keep the address: they have no account yet.
 */
export function ipBurstLimit(refusals: Pick<Refusals, 'tooMany' | 'locale'>, opts: { perAccount?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const limiter = c.env.IP_LIMITER
    if (limiter) {
      const account = opts.perAccount ? accountOf(c) : null
      const { success } = await limiter.limit({ key: account ? `account:${account}` : `ip:${clientMeta(c).ip}` })
      if (!success) {
        log('warn', 'ip burst limit', { requestId: c.get('requestId'), path: c.req.path })
        c.header('Retry-After', '60')
        return refusals.tooMany(c, refusalTexts[refusals.locale?.(c) ?? 'en'].tooManyAttempts)
      }
    }
    await next()
  })
}

/**
 * A rule's limits, on D1 counters (shared by every isolate, unlike memory). A locked key is a 429 with
 * Retry-After before the handler runs; a request counts once answered (below 400), so a form sent back
 * with validation messages costs nothing; under a 'marked' rule only when its handler marked the answer.
 */
export function rateLimit(rule: RateRule, refusals: Pick<Refusals, 'tooMany' | 'locale'>) {
  if (rule.reserve) return reservingRateLimit(rule, refusals)
  return createMiddleware<AppEnv>(async (c, next) => {
    const entries = await limitKeys(c, rule)
    const now = Date.now()
    const until = await lockedUntil(
      c.env.DB,
      entries.map((e) => e.key),
      now,
    )
    if (until) return refuse(c, rule, refusals, Math.max(1, Math.ceil((until - now) / 1000)))
    await next()
    if (counts(c, rule)) await recordEvents(c.env.DB, entries, now)
  })
}

/** Whether an answer counts against its rule: 'answered' below 400, 'marked' when its handler said so; never a replay. */
function counts(c: Context<AppEnv>, rule: RateRule): boolean {
  const counted = rule.counts === 'marked' ? c.get('countsAgainstLimit') === true : c.res.status < 400
  return counted && !replayed(c)
}

/** An answer the idempotency middleware repeated: the request it repeats was counted already. */
const replayed = (c: Context<AppEnv>) => c.res.headers.get(REPLAYED_HEADER) === 'true'

function refuse(c: Context<AppEnv>, rule: RateRule, refusals: Pick<Refusals, 'tooMany' | 'locale'>, seconds: number): Response {
  log('warn', 'rate limit', { requestId: c.get('requestId'), route: rule.name, path: c.req.path })
  c.header('Retry-After', String(seconds))
  return refusals.tooMany(c, rule.message ? rule.message(Math.ceil(seconds / 60), refusals.locale?.(c) ?? 'en') : TOO_MANY)
}

/**
 * The `reserve` form of a rule: a slot taken before the handler (so a burst meets the limit exactly),
 * given back when the answer does not count (a refusal, a replay; under a 'marked' rule, any answer its
 * handler did not mark, such as an approved payment).
 */
function reservingRateLimit(rule: RateRule, refusals: Pick<Refusals, 'tooMany' | 'locale'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const reservation = await reserveSlots(c.env.DB, await limitKeys(c, rule), Date.now())
    if (!reservation.ok) return refuse(c, rule, refusals, reservation.retryAfterSeconds)
    let kept = false
    try {
      await next()
      kept = counts(c, rule)
    } finally {
      if (!kept) await reservation.giveBack()
    }
  })
}

/** The account a request acts for: the session's profile (every session of it), or the SSO session; null without one. */
function accountOf(c: Context<AppEnv>): string | null {
  const session = c.get('session')
  if (!session) return null
  return session.kind === 'direct' && session.profileId ? `profile:${session.profileId}` : `session:${session.id}`
}

async function limitKeys(c: Context<AppEnv>, route: RateRule): Promise<{ key: string; rule: CounterRule }[]> {
  const entries: { key: string; rule: CounterRule }[] = []
  const session = c.get('session')
  const account = route.perAccount ? accountOf(c) : null
  if (route.perAccount && account) entries.push({ key: `rate:${route.name}:account:${account}`, rule: route.perAccount })
  else entries.push({ key: `rate:${route.name}:ip:${clientMeta(c).ip}`, rule: route.perIp })
  if (route.perSession && session) entries.push({ key: `rate:${route.name}:session:${session.id}`, rule: route.perSession })
  if (route.perPolicy && route.policyFrom) {
    const from = route.policyFrom
    const raw = from === 'loaded' ? (c.get('policy')?.policyID ?? '') : 'param' in from ? (c.req.param(from.param) ?? '') : await bodyField(c, from.field)
    const policy = normalizePolicyNumber(raw ?? '').slice(0, 40)
    if (policy) entries.push({ key: `rate:${route.name}:policy:${policy}`, rule: route.perPolicy })
  }
  return entries
}

/** A field of a JSON or urlencoded body, read through Hono's body cache (the handler reads the same bytes again). */
async function bodyField(c: Context<AppEnv>, field: string): Promise<string | null> {
  try {
    const type = c.req.header('Content-Type') ?? ''
    const text = new TextDecoder().decode(await c.req.arrayBuffer())
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
