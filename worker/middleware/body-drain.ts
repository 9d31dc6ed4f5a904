import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { MB } from './body-limit'
import { log } from '../lib/log'
import { readBehind } from '../services/request/body-chunks'

/**
 * Past this much, a refused body is not read to its end: the runtime closes the connection instead.
 * Above the largest body any route takes (a claim file, 10 MB and a little: decision 169).
 */
export const DRAIN_UP_TO = 16 * MB

/** What a read through the handlers' stream gets at a time: workerd's own default read size. */
const READ_BYTES = 16 * 1024
/** The drain's one buffer, used again for every read. */
const DRAIN_READ_BYTES = 64 * 1024

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
 * reading, not the connection's. The request's own stream is locked only when they first read. A
 * claim file (readBody, decision 196) reads the request's own stream behind theirs instead, by BYOB
 * into its two reused buffers, as if nothing stood between; its cancel stops its reading the same way.
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
    readBehind(body, () => {
      // A handler already reading through their stream goes on that way; so does a body that is no byte stream.
      if (body.locked || !source.byob) return null
      // Nothing else reads these bytes through the handlers' stream meanwhile.
      body.getReader()
      return { readAtLeast: (atLeast, view) => source.read(view, atLeast), cancel: async () => undefined }
    })
    c.req.raw = new Request(raw, { body: body as unknown as BodyInit, duplex: 'half' } as RequestInit)
    try {
      await next()
    } finally {
      if (source.started && !source.ended) await source.drain(limit, c.req.path)
    }
  })
}

type Reader = { byob: true; reader: ReadableStreamBYOBReader } | { byob: false; reader: ReadableStreamDefaultReader<Uint8Array> }

/**
 * The request's own body, read one chunk at a time (workerd allows one pending read): by the handler's
 * stream or by readBody, then by the drain, which waits for a read they left pending. A body from the
 * network is a byte stream, read by BYOB into the buffer given; one made in JavaScript (a test's
 * stream, a request built in the worker) may not be, and is read as it comes.
 */
class BodySource {
  ended = false
  bytes = 0
  private taken: Reader | null = null
  private last: Promise<unknown> = Promise.resolve()

  constructor(private readonly stream: ReadableStream<Uint8Array>) {}

  get started(): boolean {
    return this.taken !== null
  }

  /** Whether reads fill the buffer they are given (else they bring their own chunk). */
  get byob(): boolean {
    return this.reader().byob
  }

  /**
   * The next read: at least `atLeast` bytes into `view` (a new buffer of READ_BYTES when none) unless the
   * body ends first (BYOB: the view's buffer is moved into the result), or, from a body that is no byte
   * stream, its next chunk as it comes.
   */
  read(view?: Uint8Array, atLeast = 1): Promise<ReadableStreamReadResult<Uint8Array>> {
    const taken = this.reader()
    const next = () => (taken.byob ? taken.reader.readAtLeast(atLeast, view ?? new Uint8Array(READ_BYTES)) : taken.reader.read())
    const result = this.last.then(next)
    this.last = result.catch(() => undefined)
    return result.then((r) => {
      if (r.done) this.ended = true
      else this.bytes += r.value.byteLength
      return r
    })
  }

  /** Reads and drops what is left into one buffer, up to `limit` bytes in all; past it, gives up (the runtime closes). */
  async drain(limit: number, path: string): Promise<void> {
    let buffer = new Uint8Array(DRAIN_READ_BYTES)
    try {
      for (;;) {
        const { done, value } = await this.read(buffer)
        if (done) return
        if (this.byob) buffer = new Uint8Array(value.buffer as ArrayBuffer)
        if (this.bytes > limit) {
          log('warn', 'unread request body too large to drain', { path, limit })
          await this.taken!.reader.cancel()
          return
        }
      }
    } catch {
      // The client went away mid-body: there is no connection left to keep.
    }
  }

  private reader(): Reader {
    if (this.taken) return this.taken
    try {
      this.taken = { byob: true, reader: this.stream.getReader({ mode: 'byob' }) }
    } catch {
      this.taken = { byob: false, reader: this.stream.getReader() }
    }
    return this.taken
  }
}
