import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { log } from '../services/log'

const KB = 1024
const MB = 1024 * KB

/** Every request body, unless a route below says otherwise (decision 124). */
export const DEFAULT_BODY_LIMIT = 64 * KB

/**
 * Routes that take more, by method and path. First notice of loss takes up to 10 photos or documents
 * of 10 MB each as multipart, plus the form: 101 MB. (Cloudflare itself refuses bodies over 100 MB on
 * the Free and Pro plans, 200 MB on Business: see the decision.)
 */
export const BODY_LIMIT_OVERRIDES: ReadonlyArray<{ method: string; path: RegExp; limit: number }> = [
  { method: 'POST', path: /^\/v1\/[^/]+\/FirstNoticeOfLoss(\/|$)/i, limit: 101 * MB },
  // Client log lines (spec 000 section 7 'POST common Log'): a message of 2,000 characters and its fields.
  { method: 'POST', path: /^\/v1\/common\/Log\/?$/i, limit: 4 * KB },
]

export const TOO_LARGE = 'The request is too large.'

export function bodyLimitFor(method: string, path: string): number {
  return BODY_LIMIT_OVERRIDES.find((o) => o.method === method && o.path.test(path))?.limit ?? DEFAULT_BODY_LIMIT
}

/** What a body read throws once a body without Content-Length passes its limit; app.onError answers 413. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

export function tooLargeResponse(c: Context<AppEnv>): Response {
  return c.req.path.startsWith('/v1/') ? c.json({ errorMessage: TOO_LARGE }, 413) : c.text(TOO_LARGE, 413)
}

/** Bodies up to this size are read in full here, so the 413 comes before any handler runs. */
const BUFFER_UP_TO = MB

/**
 * Caps every request body: by Content-Length when given (413 before anything is read), and by counting
 * the bytes of a body sent without one (chunked). A small limit reads the body here; a large one (an
 * upload) counts as the handler reads, failing the read with BodyTooLargeError, so nothing holds two
 * copies of a large body.
 */
export const bodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw
  if (!raw.body) return next()
  const limit = bodyLimitFor(raw.method, c.req.path)
  const declared = raw.headers.get('Content-Length')
  if (declared !== null && !raw.headers.has('Transfer-Encoding')) {
    const length = Number(declared)
    if (!Number.isSafeInteger(length) || length < 0 || length > limit) return refuse(c, limit)
    return next()
  }
  if (limit <= BUFFER_UP_TO) {
    const reader = raw.body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        await reader.cancel().catch(() => undefined)
        return refuse(c, limit)
      }
      chunks.push(value)
    }
    const body = new Uint8Array(size)
    let offset = 0
    for (const chunk of chunks) {
      body.set(chunk, offset)
      offset += chunk.byteLength
    }
    c.req.raw = new Request(raw, { body })
    return next()
  }
  let size = 0
  let overflowed = false
  const counted = raw.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size <= limit) return controller.enqueue(chunk)
        overflowed = true
        controller.error(new BodyTooLargeError(limit))
      },
    }),
  )
  c.req.raw = new Request(raw, { body: counted as unknown as BodyInit, duplex: 'half' } as RequestInit)
  await next()
  // Whatever the handler made of the failed read (a parser's 400, a caught error), the answer is 413.
  if (overflowed) c.res = refuse(c, limit)
})

function refuse(c: Context<AppEnv>, limit: number): Response {
  log('warn', 'request body too large', { requestId: c.get('requestId'), path: c.req.path, limit })
  return tooLargeResponse(c)
}
