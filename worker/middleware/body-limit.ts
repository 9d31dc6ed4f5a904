import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { log } from '../lib/log'
import type { Refusals } from './refusals'

export const KB = 1024
export const MB = 1024 * KB

/**
 * Every request body, unless its route declares another limit (decision 124): a /v1 operation in its
 * declaration (worker/api/operation.ts), a page where it is mounted.
 */
export const DEFAULT_BODY_LIMIT = 64 * KB

export const TOO_LARGE = 'The request is too large.'

/** What a body read throws once a body without Content-Length passes its limit; app.onError answers 413. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/** A limit, or one chosen by the body's Content-Type (a report that may carry its PDF copy, decision 218). */
export type BodyLimit = number | ((contentType: string) => number)

/** Bodies up to this size are read in full here, so the 413 comes before any handler runs. */
const BUFFER_UP_TO = MB

/**
 * Caps every request body: by Content-Length when given (413 before anything is read), and by counting
 * the bytes of a body sent without one (chunked). A small limit reads the body here; a large one (an
 * upload) counts as the handler reads, failing the read with BodyTooLargeError, so nothing holds two
 * copies of a large body.
 */
export function bodyLimit(limitOf: BodyLimit, refusals: Pick<Refusals, 'tooLarge'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const limit = typeof limitOf === 'function' ? limitOf(c.req.header('Content-Type') ?? '') : limitOf
    const refuse = (c: Context<AppEnv>): Response => {
      log('warn', 'request body too large', { requestId: c.get('requestId'), path: c.req.path, limit })
      return refusals.tooLarge(c)
    }
    const raw = c.req.raw
    if (!raw.body) return next()
    const declared = raw.headers.get('Content-Length')
    if (declared !== null && !raw.headers.has('Transfer-Encoding')) {
      const length = Number(declared)
      if (!Number.isSafeInteger(length) || length < 0 || length > limit) return refuse(c)
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
          return refuse(c)
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
    if (overflowed) c.res = refuse(c)
  })
}
