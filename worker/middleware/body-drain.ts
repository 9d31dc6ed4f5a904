import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { MB } from './body-limit'
import { log } from '../services/log'

/**
 * Past this much, a refused body is not read to its end: the runtime closes the connection instead.
 * Above the largest body any route takes (a claim file, 10 MB and a little: decision 169).
 */
export const DRAIN_UP_TO = 16 * MB

/**
 * A request body the worker began to read is read to its end before the answer leaves (issue 29 item 4,
 * decision 194). An early refusal (a 413 counted past its limit, a claim file's 415 after its first
 * bytes, a 401 on an upload whose byte count had started) used to leave the rest unread: the runtime
 * cannot then tell where the next request on the connection starts, and wrangler's proxy, which keeps
 * that connection, answered the next request 503 (workerd#1741). A `Connection: close` from the worker
 * does not help (workerd drops it), and a body cannot be read once the answer has left, so it is read
 * here, before. A body never touched is left as it is: `wrangler dev` drains those itself, which it
 * cannot do once the worker has read part of one; so is anything past DRAIN_UP_TO.
 *
 * Handlers see the same bytes through a stream of their own: cancelling it (a refusal) stops their
 * reading, not the connection's. The request's own stream is locked only when they first read.
 */
export function drainUnreadBody(limit = DRAIN_UP_TO) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = c.req.raw
    if (!raw.body) return next()
    const source = new BodySource(raw.body)
    let cancelled = false
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await source.read()
          if (cancelled) return
          if (done) controller.close()
          else controller.enqueue(value)
        },
        cancel() {
          cancelled = true
        },
      },
      { highWaterMark: 0 },
    )
    c.req.raw = new Request(raw, { body: body as unknown as BodyInit, duplex: 'half' } as RequestInit)
    try {
      await next()
    } finally {
      if (source.started && !source.ended) await source.drain(limit, c.req.path)
    }
  })
}

/**
 * The request's own body, read one chunk at a time (workerd allows one pending read): by the handler's
 * stream, then by the drain, which waits for a read the handler left pending.
 */
class BodySource {
  ended = false
  bytes = 0
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null
  private last: Promise<unknown> = Promise.resolve()

  constructor(private readonly stream: ReadableStream<Uint8Array>) {}

  get started(): boolean {
    return this.reader !== null
  }

  read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    this.reader ??= this.stream.getReader()
    const reader = this.reader
    const result = this.last.then(() => reader.read())
    this.last = result.catch(() => undefined)
    return result.then((r) => {
      if (r.done) this.ended = true
      else this.bytes += r.value.byteLength
      return r
    })
  }

  /** Reads and drops what is left, up to `limit` bytes in all; past it, gives up (the runtime closes). */
  async drain(limit: number, path: string): Promise<void> {
    try {
      while (!(await this.read()).done) {
        if (this.bytes > limit) {
          log('warn', 'unread request body too large to drain', { path, limit })
          await this.reader!.cancel()
          return
        }
      }
    } catch {
      // The client went away mid-body: there is no connection left to keep.
    }
  }
}
