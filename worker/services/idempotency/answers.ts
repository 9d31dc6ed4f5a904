import type { KeySpec } from './sealed'

export type { KeySpec } from './sealed'
import type { Env } from '../../env'
import { completeLock, findLock, insertLock, releaseLock, takeOverLock, type IdempotencyRow, type NewLock } from '../../db/idempotency-keys'
import { log } from '../../lib/log'
import { base64url, fromBase64, hmac, toBase64 } from '../../lib/bytes'
import { open, seal } from './sealed'

/**
 * The one store of idempotent answers (docs/decisions/081, 166), for /v1 Idempotency-Keys and no-JS form
 * tokens alike. The first request takes the key with a 'pending' lock (a unique key: one winner among any
 * number of parallel duplicates), runs, and stores its answer; a repeat gets that answer back, a repeat
 * arriving while the first still runs waits for it (then 'busy'), and the same key with another request
 * is a 'conflict'. The request's hash may be known at once (a form, a payment's fingerprint) or only
 * once its body has streamed through (`requestHash: null`): then it is stored with the answer, and a
 * repeat hashes its own body only when there is a finished answer to compare it with.
 */

export const REPLAYED_HEADER = 'Idempotent-Replayed'
/** Stored answers are replayed for 24 hours. */
export const ANSWER_TTL_MS = 24 * 60 * 60_000
/** A pending lock whose request has not finished after this long is taken to be dead. */
export const LOCK_MS = 60_000
/** Answers larger than this are not stored (the lock is released): no state change answers that much. */
const MAX_STORED_ANSWER_BYTES = 512 * 1024

/** The response headers a replay repeats; the rest (security headers, SID, request id) are the replay's own. */
const STORED_HEADERS = ['content-type', 'cache-control', 'content-disposition', 'location', 'payment-outcome'] // the last: MakePayment's (decision 218)

export interface Timing {
  now: () => number
  /** How long a duplicate waits for the first request's answer, and how often it looks. */
  waitMs: number
  pollMs: number
}

export const DEFAULT_TIMING: Timing = { now: Date.now, waitMs: 5_000, pollMs: 50 }

export type Outcome = { kind: 'run'; lock: NewLock } | { kind: 'replay'; answer: Response } | { kind: 'conflict' } | { kind: 'busy' } | { kind: 'lost' }

/**
 * Takes the key, or finds what the request that took it answered (waiting for it briefly).
 * `hashOfThisRequest` is asked only when a finished answer must be compared with this request.
 */
export async function begin(env: Env, spec: KeySpec, timing: Timing, hashOfThisRequest: () => Promise<string>): Promise<Outcome> {
  const keyHash = base64url(await hmac(env, `row\n${spec.scope}\n${spec.principal}\n${spec.rawKey}`))
  const owner = crypto.randomUUID()
  const lockAt = (now: number): NewLock => ({
    keyHash,
    requestHash: spec.requestHash ?? '',
    owner,
    now,
    lockedUntil: now + LOCK_MS,
    expiresAt: now + ANSWER_TTL_MS,
  })
  const started = timing.now()
  for (;;) {
    const now = timing.now()
    const lock = lockAt(now)
    if (await insertLock(env.DB, lock)) return { kind: 'run', lock }
    const row = await findLock(env.DB, keyHash)
    if (!row) continue // released between our insert and our read: try again
    if (row.expires_at <= now || (row.state === 'pending' && row.locked_until <= now)) {
      if (await takeOverLock(env.DB, row, lock)) return { kind: 'run', lock }
      continue
    }
    if (row.state === 'done') return (await hashOfThisRequest()) === row.request_hash ? replay(env, spec, row) : { kind: 'conflict' }
    if (spec.requestHash !== null && row.request_hash !== '' && row.request_hash !== spec.requestHash) return { kind: 'conflict' }
    if (now - started >= timing.waitMs) return { kind: 'busy' }
    await new Promise((resolve) => setTimeout(resolve, timing.pollMs))
  }
}

export async function release(env: Env, lock: NewLock): Promise<void> {
  await releaseLock(env.DB, lock.keyHash, lock.owner)
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

/**
 * Stores the answer under the request's hash when `keep` and it is small enough; gives the key back
 * otherwise (the next request with it runs again). A null hash (the body did not stream through whole)
 * cannot be compared later: the key is given back too.
 */
export async function finish(env: Env, lock: NewLock, spec: KeySpec, res: Response, requestHash: string | null, keep: boolean): Promise<void> {
  const declared = Number(res.headers.get('content-length') ?? '0')
  if (!keep || requestHash === null || declared > MAX_STORED_ANSWER_BYTES) return release(env, lock)
  const body = new Uint8Array(await res.clone().arrayBuffer())
  if (body.byteLength > MAX_STORED_ANSWER_BYTES) {
    log('warn', 'idempotent answer too large to store', { scope: spec.scope, bytes: body.byteLength })
    return release(env, lock)
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
  await completeLock(env.DB, lock.keyHash, lock.owner, requestHash, res.status, await seal(env, spec, JSON.stringify(stored)))
}
