import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../types'
import { KEY_REUSED_MESSAGE, PROBLEM_TYPES } from '../../shared/api/problem'
import { problem } from '../render/problem'
import { sha256Hex } from '../lib/sha256'
import { begin, DEFAULT_TIMING, finish, release, type KeySpec, type Timing } from '../services/idempotency/answers'
import { requestHashOf, streamedRequestHash, tappedRequestHash } from '../services/idempotency/request-hash'
import { utf8 } from '../lib/bytes'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const KEY_INVALID_MESSAGE = 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.'
const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed. Please retry in a moment.'
const ANSWER_LOST_MESSAGE = 'This request was already processed, but its answer can no longer be shown.'

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/
/** Answers about the moment rather than the request: not kept, the key is given back. */
const TRANSIENT_STATUSES = new Set([401, 408, 409, 425, 429])

export interface IdempotencyOptions extends Partial<Timing> {
  /**
   * What of the body the request hash covers, read whole (a JSON body whose parsing is the point:
   * MakePayment hashes its fingerprint). Without it the body is hashed as it streams to the handler.
   */
  bodyForHash?: (body: Uint8Array) => Uint8Array
  /**
   * The handler reads the body itself, as the byte stream it came as (a file: ClaimFile), and shows each
   * chunk to c.var.requestBodyTap: the body is not wrapped here (decision 196).
   */
  handlerTapsBody?: true
}

/**
 * The /v1 side of the one idempotency store (worker/services/idempotency/answers.ts), mounted by each
 * state-changing operation's declaration: with an Idempotency-Key header (1-200 visible ASCII chars), the
 * first answer (status, content-type, body, selected headers) is stored with a SHA-256 of (method, path,
 * principal, body); a repeat with the same hash gets the stored answer (`Idempotent-Replayed: true`);
 * the same key with another body is a 422 problem (type idempotency-key-reused: send it with a new
 * key); a repeat while the first still runs waits for it, then 409 with Retry-After: 1. Keys are scoped
 * per principal. Only answers of requests that executed are kept (Stripe's rule): a refusal (4xx) or a
 * failure (5xx) gives the key back, so the corrected request may use it; so does an answer the handler
 * marked not final (a payment still pending).
 */
export function createIdempotency(opts: IdempotencyOptions = {}): MiddlewareHandler<AppEnv> {
  const timing: Timing = { ...DEFAULT_TIMING, ...opts }
  return async (c, next) => {
    const rawKey = c.req.header(IDEMPOTENCY_HEADER)
    if (rawKey === undefined) return next()
    if (!KEY_PATTERN.test(rawKey)) return problem(c, 400, KEY_INVALID_MESSAGE, { type: PROBLEM_TYPES.invalidBody })

    const principal = apiPrincipal(c)
    const url = new URL(c.req.url)
    const prefix = `${c.req.method}\n${url.pathname}${url.search}\n${principal}\n`
    // A body an earlier middleware already read (a rate rule's policy field) is in Hono's cache: hashed from there.
    const alreadyRead = c.req.raw.bodyUsed || Object.keys(c.req.bodyCache).length > 0
    const wholeBody = opts.bodyForHash ?? (alreadyRead ? (body: Uint8Array) => body : null)
    const known = wholeBody ? await sha256Hex(concat(utf8(prefix), wholeBody(new Uint8Array(await c.req.arrayBuffer())))) : null
    const spec: KeySpec = { scope: 'api', principal, rawKey, requestHash: known }

    const outcome = await begin(c.env, spec, timing, async () => known ?? (await requestHashOf(prefix, c.req.raw.body as ReadableStream<Uint8Array> | null)))
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
      case 'run': {
        const body = c.req.raw.body as ReadableStream<Uint8Array> | null
        let streamed: { complete(): Promise<string | null> } | null = null
        if (known === null && opts.handlerTapsBody) {
          const tapped = tappedRequestHash(prefix, body)
          c.set('requestBodyTap', tapped.tap)
          streamed = tapped
        } else if (known === null) {
          const wrapped = streamedRequestHash(prefix, body)
          if (wrapped.body) c.req.raw = new Request(c.req.raw, { body: wrapped.body as unknown as BodyInit, duplex: 'half' } as RequestInit)
          streamed = wrapped
        }
        try {
          await next()
        } catch (err) {
          await release(c.env, outcome.lock)
          throw err
        }
        const status = c.res.status
        const keep = status < 400 && !TRANSIENT_STATUSES.has(status) && c.get('answerNotFinal') !== true
        await finish(c.env, outcome.lock, spec, c.res, keep ? (known ?? (await streamed!.complete())) : null, keep)
        return
      }
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength)
  out.set(a, 0)
  out.set(b, a.byteLength)
  return out
}

/** Whose keys these are: two users can never collide on a key. */
function apiPrincipal(c: Context<AppEnv>): string {
  const session = c.get('session')
  if (!session) return 'anonymous'
  return session.kind === 'direct' && session.profileId ? `profile:${session.profileId}` : `sso:${session.id}`
}
