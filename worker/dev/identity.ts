import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import type { Env } from '../env'
import { pathOf } from '../../shared/routes'
import { escapeHtml } from '../../shared/escape-html'
import { normalizePolicyList } from '../../shared/sso/sso'
import { readForm } from '../services/request/read-form'

/**
 * Stand-in: the identity service (a Ping-style reference hand-off), dev only (/__dev is a 404 in
 * production). What the real service does, with the same paths and headers:
 *   POST /ext/ref/dropoff  {policies, pgrPartnerLoggingToken?, expiresInSeconds?} -> {REF}
 *   GET  /ext/ref/pickup?REF=…  -> the attributes, once; 404 when unknown, used or expired
 * both with the adapter credentials as headers ping.uname / ping.pwd / ping.instanceId (401 otherwise).
 * To test the error paths it can be told to fail the next pickups:
 *   POST /fail {mode: '401'|'404'|'500'|'502'|'timeout'|'broken-json'|'not-json', times?, delayMs?, pgrPartnerLoggingToken?}
 * (with a token, the 401/404/500/502 answers are JSON carrying it, as a failed answer may)
 *   DELETE /fail
 * and GET/POST /login is the ping login page the landing sends a browser to without a token.
 */
export const identityStandIn = new Hono<AppEnv>()

const REF_PREFIX = 'dev:identity:ref:'
const FAIL_KEY = 'dev:identity:fail'
const DEFAULT_REF_SECONDS = 120

interface StoredReference {
  attributes: { policies: string[]; pgrPartnerLoggingToken: string }
  expiresAt: number
}

const FAIL_MODES = ['401', '404', '500', '502', 'timeout', 'broken-json', 'not-json'] as const
type FailMode = (typeof FAIL_MODES)[number]
interface FailState {
  mode: FailMode
  remaining: number
  delayMs: number
  pgrPartnerLoggingToken?: string
}

const dropoffSchema = z.object({
  policies: z.union([z.array(z.string().max(40)).max(200), z.string().max(4000)]),
  pgrPartnerLoggingToken: z.string().min(1).max(400).optional(),
  expiresInSeconds: z.number().int().min(0).max(3600).optional(),
})

const failSchema = z.object({
  mode: z.enum(FAIL_MODES),
  times: z.number().int().min(1).max(100).default(1),
  delayMs: z.number().int().min(0).max(60_000).default(35_000),
  pgrPartnerLoggingToken: z.string().min(1).max(400).optional(),
})

function credentialsOk(c: Context<AppEnv>): boolean {
  return (
    c.req.header('ping.uname') === c.env.PING_ADAPTER_ID &&
    c.req.header('ping.instanceId') === c.env.PING_INSTANCE_ID &&
    c.req.header('ping.pwd') === (c.env.PING_ADAPTER_SECRET ?? '')
  )
}

function randomReference(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Drops attributes off and returns the reference (also used by the stand-in login page). */
async function dropOff(env: Env, attrs: { policies: string[]; pgrPartnerLoggingToken?: string | undefined }, seconds = DEFAULT_REF_SECONDS): Promise<string> {
  const REF = randomReference()
  const stored: StoredReference = {
    attributes: { policies: attrs.policies, pgrPartnerLoggingToken: attrs.pgrPartnerLoggingToken ?? `partner-${randomReference()}` },
    expiresAt: Date.now() + seconds * 1000,
  }
  await env.CACHE.put(REF_PREFIX + REF, JSON.stringify(stored), { expirationTtl: Math.max(60, seconds + 60) })
  return REF
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

identityStandIn.post('/ext/ref/dropoff', async (c) => {
  if (!credentialsOk(c)) return c.json({ error: 'invalid adapter credentials' }, 401)
  const parsed = dropoffSchema.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: 'invalid attributes' }, 400)
  const REF = await dropOff(
    c.env,
    { policies: normalizePolicyList(parsed.data.policies), pgrPartnerLoggingToken: parsed.data.pgrPartnerLoggingToken },
    parsed.data.expiresInSeconds,
  )
  return c.json({ REF })
})

identityStandIn.get('/ext/ref/pickup', async (c) => {
  if (!credentialsOk(c)) return c.json({ error: 'invalid adapter credentials' }, 401)
  const fail = await c.env.CACHE.get<FailState>(FAIL_KEY, 'json')
  if (fail) {
    if (fail.remaining <= 1) await c.env.CACHE.delete(FAIL_KEY)
    else await c.env.CACHE.put(FAIL_KEY, JSON.stringify({ ...fail, remaining: fail.remaining - 1 }))
    const token = fail.pgrPartnerLoggingToken
    if (token && ['401', '404', '500', '502'].includes(fail.mode)) {
      return c.json({ error: 'pickup failed', pgrPartnerLoggingToken: token }, Number(fail.mode) as 401 | 404 | 500 | 502)
    }
    switch (fail.mode) {
      case '401':
        return c.json({ error: 'unauthorized' }, 401)
      case '404':
        return c.json({ error: 'reference not found' }, 404)
      case '500':
        return c.text('Internal Server Error', 500)
      case '502':
        return c.text('Bad Gateway', 502)
      case 'timeout':
        await new Promise((resolve) => setTimeout(resolve, fail.delayMs))
        return c.json({ policies: [] })
      case 'broken-json':
        return c.body('{"policies": ["HOM', 200, { 'Content-Type': 'application/json' })
      case 'not-json':
        return c.html('<html><body>Sign in</body></html>', 200)
    }
  }
  const REF = c.req.query('REF') ?? ''
  const key = REF_PREFIX + REF
  const stored = REF ? await c.env.CACHE.get<StoredReference>(key, 'json') : null
  if (!stored) return c.json({ error: 'reference not found' }, 404)
  await c.env.CACHE.delete(key) // single use at the identity service too
  if (stored.expiresAt <= Date.now()) return c.json({ error: 'reference not found' }, 404)
  return c.json(stored.attributes)
})

identityStandIn.post('/fail', async (c) => {
  const parsed = failSchema.safeParse(await readJson(c))
  if (!parsed.success) return c.json({ error: `mode must be one of ${FAIL_MODES.join(', ')}` }, 400)
  const { mode, times, delayMs, pgrPartnerLoggingToken } = parsed.data
  const state: FailState = { mode, remaining: times, delayMs, ...(pgrPartnerLoggingToken ? { pgrPartnerLoggingToken } : {}) }
  await c.env.CACHE.put(FAIL_KEY, JSON.stringify(state))
  return c.json(state)
})

identityStandIn.delete('/fail', async (c) => {
  await c.env.CACHE.delete(FAIL_KEY)
  return c.body(null, 204)
})

function loginHtml(error: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Identity stand-in sign-in</title><link rel="stylesheet" href="/app.css"><link rel="stylesheet" href="/css/sso.css"><link rel="icon" href="/img/favicon.svg" type="image/svg+xml"></head>
<body><main id="main" class="shell"><section class="card narrow" aria-labelledby="h">
<h1 id="h">Identity stand-in sign-in</h1>
<p>Development only. Stands in for the partner's identity service: choose the policies it returns to the portal.</p>
${error ? `<p class="alert alert--error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="login" novalidate>
<div class="field"><label for="policies">Policy IDs (comma-separated)</label>
<input id="policies" name="policies" autocomplete="off" spellcheck="false" required></div>
<button type="submit" class="btn btn--primary">Sign in</button>
</form></section></main></body></html>`
}

identityStandIn.get('/login', (c) => c.html(loginHtml(null)))

/** Drops the chosen policies off and sends the browser back to the landing with the reference. */
identityStandIn.post('/login', async (c) => {
  const form = await readForm(c)
  const policies = normalizePolicyList(form.policies ?? '')
  if (policies.length === 0) return c.html(loginHtml('Enter at least one policy ID.'), 400)
  const REF = await dropOff(c.env, { policies })
  const back = new URL(pathOf('SSOProgressiveLanding'), c.env.PORTAL_BASE_URL)
  back.searchParams.set('tokenid', REF)
  return c.redirect(back.toString(), 303)
})
