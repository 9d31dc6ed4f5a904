import { env, exports } from 'cloudflare:workers'
import type { Env } from '../../worker/env'
import type { Fetcher } from '@cloudflare/workers-types'
import { vi } from 'vitest'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { absorbCookies, cookieHeader, ORIGIN } from './helpers'

/**
 * The worker's entry module, for calls that need their own execution context. Imported by a computed
 * path so this program does not type-check page and island code (docs/decisions/004): the worker's
 * types are checked by the root program.
 */
const ENTRY = '../../worker/index'
const portal = ((await import(/* @vite-ignore */ ENTRY)) as { default: { fetch(req: Request, env: unknown, ctx: ExecutionContext): Promise<Response> } })
  .default

/** The worker's settings and bindings, typed as the worker sees them. */
export const portalEnv = env as unknown as Env

/** The worker under test; its /__dev stand-ins answer what `npm start` serves over HTTP. */
export const worker = (exports as unknown as { default: Fetcher }).default

/** Where wrangler.toml points PING_BASE_URL and PARTNER_LOGS_URL: the worker's own stand-ins. */
export const STAND_IN_ORIGIN = new URL(portalEnv.PING_BASE_URL).origin

export interface OutboundCall {
  method: string
  url: string
  headers: Record<string, string>
}

/**
 * A fetch that reaches the stand-ins inside this worker (there is no server in vitest-pool-workers),
 * honouring the abort signal like a real client; anything else is a network error.
 */
export async function standInFetch(input: string | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init)
  if (new URL(req.url).origin !== STAND_IN_ORIGIN) throw new TypeError(`network connection refused: ${new URL(req.url).origin}`)
  const signal = init?.signal ?? null
  const answer = worker.fetch(req as never) as unknown as Promise<Response>
  if (!signal) return answer
  if (signal.aborted) throw signal.reason
  return Promise.race([answer, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))])
}

/**
 * Routes the worker's own outbound calls (the identity adapter, the partner-log adapter) to its
 * stand-ins, as `npm start` does over HTTP, and records them. The worker runs in this isolate, so the
 * stubbed global fetch is the one its adapters call.
 */
export function routeOutbound() {
  const calls: OutboundCall[] = []
  vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
    const req = new Request(input, init)
    calls.push({ method: req.method, url: req.url, headers: Object.fromEntries(req.headers as unknown as Iterable<[string, string]>) })
    return standInFetch(req as never, init?.signal ? { signal: init.signal } : undefined)
  })
  return { calls }
}

const adapterHeaders = () => ({
  'ping.uname': portalEnv.PING_ADAPTER_ID,
  'ping.pwd': portalEnv.PING_ADAPTER_SECRET ?? '',
  'ping.instanceId': portalEnv.PING_INSTANCE_ID,
})

/** The partner drops the user's attributes off at the identity stand-in; returns the reference. */
export async function dropOff(attrs: { policies: string[] | string; pgrPartnerLoggingToken?: string; expiresInSeconds?: number }): Promise<string> {
  const res = await standInFetch(`${portalEnv.PING_BASE_URL}/ext/ref/dropoff`, {
    method: 'POST',
    headers: { ...adapterHeaders(), 'Content-Type': 'application/json', Origin: STAND_IN_ORIGIN },
    body: JSON.stringify(attrs),
  })
  if (res.status !== 200) throw new Error(`dropoff answered ${res.status}`)
  return ((await res.json()) as { REF: string }).REF
}

export async function failIdentity(mode: string, extra: { times?: number; delayMs?: number; pgrPartnerLoggingToken?: string } = {}): Promise<void> {
  const res = await standInFetch(`${portalEnv.PING_BASE_URL}/fail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: STAND_IN_ORIGIN },
    body: JSON.stringify({ mode, ...extra }),
  })
  if (res.status !== 200) throw new Error(`fail answered ${res.status}`)
}

export async function resetStandIns(): Promise<void> {
  for (const path of [`${portalEnv.PING_BASE_URL}/fail`, `${portalEnv.PARTNER_LOGS_URL}/fail`, portalEnv.PARTNER_LOGS_URL]) {
    await standInFetch(path, { method: 'DELETE', headers: { Origin: STAND_IN_ORIGIN } })
  }
}

export async function failPartnerLogs(status: number, times = 1): Promise<void> {
  const res = await standInFetch(`${portalEnv.PARTNER_LOGS_URL}/fail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: STAND_IN_ORIGIN },
    body: JSON.stringify({ status, times }),
  })
  if (res.status !== 200) throw new Error(`partner fail answered ${res.status}`)
}

export interface Received {
  receivedAt: string
  tokenFingerprint: string
  entry: { ApplicationName: string; LogLevel: number; Message: string; TransactionDateTime: string; TransactionId: string }
}

export async function receivedPartnerLogs(transactionId?: string): Promise<Received[]> {
  const url = transactionId ? `${portalEnv.PARTNER_LOGS_URL}?transactionId=${encodeURIComponent(transactionId)}` : portalEnv.PARTNER_LOGS_URL
  const res = await standInFetch(url)
  return ((await res.json()) as { entries: Received[] }).entries
}

export async function fingerprint(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16)
}

let ipCounter = 0

/**
 * A browser with a cookie jar and its own address (token calls are limited per IP). Each request runs
 * the worker's entry with an execution context and waits for its waitUntil work (the partner-log
 * delivery after the response), as the runtime would, so what a test checks next has happened: an
 * event awaited, never a delay.
 */
export class SsoBrowser {
  cookies = new Map<string, string>()
  setCookieLines: string[] = []
  ip = `127.0.100.${(ipCounter++ % 250) + 1}`

  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'CF-Connecting-IP': this.ip, ...(init.headers ?? {}) }
    if (this.cookies.size) headers.Cookie = cookieHeader(this.cookies)
    if (init.method && init.method !== 'GET' && !headers.Origin) headers.Origin = ORIGIN
    const ctx = createExecutionContext()
    const request = new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: 'manual' })
    const res = (await portal.fetch(request as never, this.env() as never, ctx as never)) as unknown as Response
    await waitOnExecutionContext(ctx)
    this.setCookieLines.push(...absorbCookies(this.cookies, res))
    return res
  }

  /** The env each request runs with (the fault tests give one with a failing database). */
  protected env(): unknown {
    return env
  }

  form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })
  }

  /** Opens the landing with these query parameters (as a partner's link or Test SSO's Click would). */
  land(query: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(`/sso-progressive-landing?${new URLSearchParams(query).toString()}`, { headers })
  }

  /** Follows one redirect within the portal the way a browser would. */
  follow(res: Response, headers: Record<string, string> = {}): Promise<Response> {
    const location = res.headers.get('Location')
    if (!location) throw new Error(`no redirect (status ${res.status})`)
    const url = new URL(location, ORIGIN)
    if (url.origin !== ORIGIN) throw new Error(`redirect leaves the portal: ${url.origin}`)
    return this.fetch(url.pathname + url.search, { headers })
  }
}

/** Every log line the worker writes while `fn` runs (the worker shares this isolate's console). */
export async function captureLogs<T>(fn: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = []
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '))
    }),
  )
  try {
    return { result: await fn(), lines }
  } finally {
    for (const s of spies) s.mockRestore()
  }
}

/** The log lines as objects (the worker logs JSON). */
export function parsedLines(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>]
    } catch {
      return []
    }
  })
}

/**
 * A /v1 call like `api()`, that also waits for the work the answer did not wait for (waitUntil: the
 * forgot-password lookup and mail of decision 122), so a test can look at its effects.
 */
export async function apiSettled(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const res = (await portal.fetch(new Request(`${ORIGIN}${path}`, init) as never, env as never, ctx as never)) as unknown as Response
  await waitOnExecutionContext(ctx)
  return res
}
