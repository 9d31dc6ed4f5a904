import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../types'
import type { Env } from '../env'
import { completeLock, findLock, insertLock, releaseLock, takeOverLock, type IdempotencyRow, type NewLock } from '../db/idempotency-keys'
import { readForm } from '../render/form'
import { log } from '../services/log'
import { FORM_TOKEN_FIELD } from '../../shared/schemas/form-token'
import { sha256Hex } from '../services/sha256'
import { problem } from '../api/problem'
import { KEY_REUSED_MESSAGE, PROBLEM_TYPES } from '../../shared/api/problem'

/**
 * One idempotency mechanism for every state change (docs/decisions/081-one-idempotency.md):
 * - `/v1` calls with an `Idempotency-Key` header (the `idempotency` middleware, mounted once on the /v1 app);
 * - no-JS forms with a one-time hidden `_once` token (issueFormToken / consumeFormToken).
 * The first request claims the key with a 'pending' row (a unique key: one winner among any number of
 * parallel duplicates), runs the handler, and stores its answer; a repeat gets that answer back, a
 * repeat arriving while the first still runs waits for it (then 409 with Retry-After: 1), and the same
 * key with another request is a 422.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const REPLAYED_HEADER = 'Idempotent-Replayed'
export { FORM_TOKEN_FIELD }
export { KEY_REUSED_MESSAGE }
export const KEY_INVALID_MESSAGE = 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.'
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed. Please retry in a moment.'
export const ANSWER_LOST_MESSAGE = 'This request was already processed, but its answer can no longer be shown.'
export const FORM_TOKEN_INVALID_MESSAGE = 'This form is no longer valid. Please go back, reload the page and submit it again.'
export const FORM_IN_PROGRESS_MESSAGE = 'This form is already being submitted. Please wait a moment, then reload the page.'

/** Stored answers are replayed for 24 hours. */
export const ANSWER_TTL_MS = 24 * 60 * 60_000
/** A pending claim whose request has not finished after this long is taken to be dead. */
export const LOCK_MS = 60_000
/** Answers larger than this are not stored (the claim is released): no /v1 state change answers that much. */
export const MAX_STORED_ANSWER_BYTES = 512 * 1024

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The response headers a replay repeats; the rest (security headers, SID, request id) are the replay's own. */
const STORED_HEADERS = ['content-type', 'cache-control', 'content-disposition', 'location']
/** Answers about the moment rather than the request: not replayed, the key is given back. */
const TRANSIENT_STATUSES = new Set([401, 408, 409, 425, 429])

export interface IdempotencyOptions {
  /** The clock (tests). */
  now?: () => number
  /** How long a duplicate waits for the first request's answer before a 409, and how often it looks. */
  waitMs?: number
  pollMs?: number
  /** What of the body the request hash covers (default: all of it); MakePayment hashes its fingerprint. */
  bodyForHash?: (body: Uint8Array) => Uint8Array
}

interface Settings {
  now: () => number
  waitMs: number
  pollMs: number
}

function settings(opts: IdempotencyOptions): Settings {
  return { now: opts.now ?? Date.now, waitMs: opts.waitMs ?? 5_000, pollMs: opts.pollMs ?? 50 }
}

// ---------------------------------------------------------------- the /v1 middleware

/**
 * Hono middleware for state-changing /v1 routes: with an Idempotency-Key header (1-200 visible ASCII
 * chars), the first answer (status, content-type, body, selected headers) is stored with a SHA-256 of
 * (method, path, principal, body); a repeat with the same hash gets the stored answer (header
 * `Idempotent-Replayed: true`); same key + different hash -> 422; a repeat while the first is still
 * running waits for it, then 409 with Retry-After: 1. Keys are scoped per principal (the session's
 * profile, or the SSO session). Stored answers expire after 24 h. The body is hashed as raw bytes
 * (multipart included) and stays readable by the handler (Hono caches it).
 */
export function createIdempotency(opts: IdempotencyOptions = {}): MiddlewareHandler<AppEnv> {
  const s = settings(opts)
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const rawKey = c.req.header(IDEMPOTENCY_HEADER)
    if (rawKey === undefined) return next()
    if (!KEY_PATTERN.test(rawKey)) return problem(c, 400, KEY_INVALID_MESSAGE, { type: PROBLEM_TYPES.invalidBody })

    const principal = apiPrincipal(c)
    const url = new URL(c.req.url)
    const raw = new Uint8Array(await c.req.arrayBuffer())
    const body = opts.bodyForHash ? opts.bodyForHash(raw) : raw
    const requestHash = await sha256Hex(concat(utf8(`${c.req.method}\n${url.pathname}${url.search}\n${principal}\n`), body))
    const spec: KeySpec = { scope: 'api', principal, rawKey, requestHash }

    const outcome = await begin(c.env, spec, s)
    switch (outcome.kind) {
      case 'replay':
        return outcome.answer
      case 'conflict':
        return problem(c, 422, KEY_REUSED_MESSAGE, { type: PROBLEM_TYPES.keyReused })
      case 'busy':
        c.header('Retry-After', '1')
        return problem(c, 409, IN_PROGRESS_MESSAGE, { type: PROBLEM_TYPES.keyInProgress })
      case 'lost':
        return problem(c, 409, ANSWER_LOST_MESSAGE)
      case 'run':
        try {
          await next()
        } catch (err) {
          await releaseLock(c.env.DB, outcome.lock.keyHash, outcome.lock.owner)
          throw err
        }
        // An answer the handler marked not final (a payment still pending) is not kept: the retry runs the
        // handler again, which looks the payment up instead of replaying 'pending' for 24 hours.
        await finish(c.env, outcome.lock, spec, c.res, (status) => status < 500 && !TRANSIENT_STATUSES.has(status) && c.get('answerNotFinal') !== true)
        return
    }
  }
}

/** Whose keys these are: two users can never collide on a key. */
function apiPrincipal(c: Context<AppEnv>): string {
  const session = c.get('session')
  if (!session) return 'anonymous'
  return session.kind === 'direct' && session.profileId ? `profile:${session.profileId}` : `sso:${session.id}`
}

// ---------------------------------------------------------------- no-JS forms

/** A form token belongs to one session (or, before login, one browser's sid) and one form. */
function formPrincipal(c: Context<AppEnv>): string {
  const session = c.get('session')
  return session ? `session:${session.id}` : `sid:${c.get('sid')}`
}

async function formMac(env: Env, formName: string, principal: string, nonce: string): Promise<string> {
  return base64url(await hmac(env, `form-once\n${formName}\n${principal}\n${nonce}`))
}

/**
 * For no-JS forms: a one-time token to put in a hidden input `_once`. Stateless (nothing is written on
 * GET): a random nonce and its HMAC over the form name and the session, so it cannot be used by another
 * session or for another form.
 */
export async function issueFormToken(c: Context<AppEnv>, formName: string): Promise<string> {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)))
  return `${nonce}.${await formMac(c.env, formName, formPrincipal(c), nonce)}`
}

/**
 * The check on POST. Runs `handler` at most once per token: the first use runs it and, when the answer
 * is a success or a redirect (status below 400), stores it; any later use of the token answers that
 * stored answer (the same redirect, the same Set-Cookie) without running the handler, and a use while
 * the first is still running waits for it. A refused form (4xx) or a failure (5xx) gives the token back,
 * so the corrected form can be sent with it.
 * - No `_once` field: `handler` runs unprotected (pages rendered before the token existed, plain
 *   clients); the business rule's own safety net still applies.
 * - A token not issued to this session for this form: 400 with FORM_TOKEN_INVALID_MESSAGE.
 * The form body is read through readForm(), so the handler can read it again.
 */
export async function consumeFormToken(
  c: Context<AppEnv>,
  formName: string,
  handler: () => Promise<Response>,
  opts: IdempotencyOptions = {},
): Promise<Response> {
  const token = (await readForm(c))[FORM_TOKEN_FIELD]
  if (!token) return handler()
  const principal = formPrincipal(c)
  const [nonce, mac, extra] = token.split('.')
  if (!nonce || !mac || extra !== undefined || !timingSafeEqual(mac, await formMac(c.env, formName, principal, nonce))) {
    return c.text(FORM_TOKEN_INVALID_MESSAGE, 400)
  }
  // The token is the request: a second click with other field values still answers what the first did.
  const spec: KeySpec = { scope: `form:${formName}`, principal, rawKey: token, requestHash: await sha256Hex(utf8(`form\n${formName}`)) }
  const s = settings(opts)
  const outcome = await begin(c.env, spec, s)
  switch (outcome.kind) {
    case 'replay':
      return outcome.answer
    case 'busy':
    case 'conflict':
    case 'lost':
      c.header('Retry-After', '1')
      return c.text(FORM_IN_PROGRESS_MESSAGE, 409)
    case 'run': {
      let res: Response
      try {
        res = await handler()
      } catch (err) {
        await releaseLock(c.env.DB, outcome.lock.keyHash, outcome.lock.owner)
        throw err
      }
      await finish(c.env, outcome.lock, spec, res, (status) => status < 400)
      return res
    }
  }
}

// ---------------------------------------------------------------- the shared core

interface KeySpec {
  /** 'api' or 'form:{name}': keys of different scopes never meet. */
  scope: string
  principal: string
  rawKey: string
  requestHash: string
}

type Outcome = { kind: 'run'; lock: NewLock } | { kind: 'replay'; answer: Response } | { kind: 'conflict' } | { kind: 'busy' } | { kind: 'lost' }

/** Claims the key, or finds what the request that claimed it answered (waiting for it briefly). */
async function begin(env: Env, spec: KeySpec, s: Settings): Promise<Outcome> {
  const keyHash = base64url(await hmac(env, `row\n${spec.scope}\n${spec.principal}\n${spec.rawKey}`))
  const owner = crypto.randomUUID()
  const lockAt = (now: number): NewLock => ({
    keyHash,
    requestHash: spec.requestHash,
    owner,
    now,
    lockedUntil: now + LOCK_MS,
    expiresAt: now + ANSWER_TTL_MS,
  })
  const started = s.now()
  for (;;) {
    const now = s.now()
    const lock = lockAt(now)
    if (await insertLock(env.DB, lock)) return { kind: 'run', lock }
    const row = await findLock(env.DB, keyHash)
    if (!row) continue // released between our insert and our read: try again
    if (row.expires_at <= now || (row.state === 'pending' && row.locked_until <= now)) {
      if (await takeOverLock(env.DB, row, lock)) return { kind: 'run', lock }
      continue
    }
    if (row.request_hash !== spec.requestHash) return { kind: 'conflict' }
    if (row.state === 'done') return replay(env, spec, row)
    if (now - started >= s.waitMs) return { kind: 'busy' }
    await new Promise((resolve) => setTimeout(resolve, s.pollMs))
  }
}

async function replay(env: Env, spec: KeySpec, row: IdempotencyRow): Promise<Outcome> {
  try {
    const stored = JSON.parse(await open(env, spec, row.answer ?? '')) as StoredAnswer
    const headers = new Headers(stored.headers)
    for (const cookie of stored.cookies) headers.append('Set-Cookie', cookie)
    headers.set(REPLAYED_HEADER, 'true')
    return {
      kind: 'replay',
      answer: new Response(stored.status === 204 || stored.status === 304 ? null : fromBase64(stored.body), { status: stored.status, headers }),
    }
  } catch (err) {
    // Only a changed server secret makes a stored answer unreadable.
    log('error', 'idempotent answer unreadable', { scope: spec.scope, error: err instanceof Error ? err.name : 'unknown' })
    return { kind: 'lost' }
  }
}

interface StoredAnswer {
  status: number
  headers: [string, string][]
  cookies: string[]
  body: string
}

/** Stores the answer when `keep(status)` says so and it is small enough; gives the key back otherwise. */
async function finish(env: Env, lock: NewLock, spec: KeySpec, res: Response, keep: (status: number) => boolean): Promise<void> {
  const declared = Number(res.headers.get('content-length') ?? '0')
  if (!keep(res.status) || declared > MAX_STORED_ANSWER_BYTES) {
    await releaseLock(env.DB, lock.keyHash, lock.owner)
    return
  }
  const body = new Uint8Array(await res.clone().arrayBuffer())
  if (body.byteLength > MAX_STORED_ANSWER_BYTES) {
    log('warn', 'idempotent answer too large to store', { scope: spec.scope, bytes: body.byteLength })
    await releaseLock(env.DB, lock.keyHash, lock.owner)
    return
  }
  const stored: StoredAnswer = {
    status: res.status,
    headers: STORED_HEADERS.flatMap((name): [string, string][] => {
      const value = res.headers.get(name)
      return value === null ? [] : [[name, value]]
    }),
    cookies: (res.headers as unknown as { getSetCookie(): string[] }).getSetCookie(),
    body: toBase64(body),
  }
  await completeLock(env.DB, lock.keyHash, lock.owner, res.status, await seal(env, spec, JSON.stringify(stored)))
}

// ---------------------------------------------------------------- crypto

/**
 * Stored answers may hold a session token (login, registration, token refresh) or a flash cookie: they
 * are sealed with AES-GCM under a key derived from the server secret and the client's own key, which is
 * never stored. The database alone cannot read them.
 */
async function answerKey(env: Env, spec: KeySpec): Promise<CryptoKey> {
  const raw = await hmac(env, `seal\n${spec.scope}\n${spec.principal}\n${spec.rawKey}`)
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

async function seal(env: Env, spec: KeySpec, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await answerKey(env, spec), utf8(plain)))
  return toBase64(concat(iv, cipher))
}

async function open(env: Env, spec: KeySpec, sealed: string): Promise<string> {
  const bytes = fromBase64(sealed)
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await answerKey(env, spec), bytes.slice(12))
  return new TextDecoder().decode(plain)
}

async function hmac(env: Env, data: string): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', utf8(env.SESSION_SIGNING_KEY), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8(data)))
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

type Bytes = Uint8Array<ArrayBuffer>

function utf8(s: string): Bytes {
  return new TextEncoder().encode(s) as Bytes
}

function concat(a: Uint8Array, b: Uint8Array): Bytes {
  const out = new Uint8Array(a.byteLength + b.byteLength)
  out.set(a, 0)
  out.set(b, a.byteLength)
  return out
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

function fromBase64(s: string): Bytes {
  const binary = atob(s)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

function base64url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
