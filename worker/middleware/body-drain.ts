import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { MB } from './body-limit'
import { log } from '../services/log'

/**
 * Past this much, a refused body is not read to its end: the runtime closes the connection instead.
 * Above the largest body any route takes (a claim file, 10 MB and a little: decision 169).
 */
export const DRAIN_UP_TO = 16 * MB

/** What a default read (a JSON or form body, a parser) gets at a time: workerd's own default read size. */
const DEFAULT_READ_BYTES = 16 * 1024
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
 * reading, not the connection's. The request's own stream is locked only when they first read. Theirs
 * is a byte stream, so a claim file's BYOB reads still fill the upload's own two buffers (decision 196):
 * each read is passed on to the request's stream as a BYOB read into the reader's buffer, and what it
 * filled is handed back (`respondWithNewView`), not copied, nor a new buffer made per chunk. A default
 * read gets a buffer of DEFAULT_READ_BYTES from the stream (`autoAllocateChunkSize`), filled the same way.
 */
export function drainUnreadBody(limit = DRAIN_UP_TO) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = c.req.raw
    if (!raw.body) return next()
    const source = new BodySource(raw.body)
    let cancelled = false
    const body = new ReadableStream(
      {
        type: 'bytes',
        autoAllocateChunkSize: DEFAULT_READ_BYTES,
        async pull(controller) {
          // A pending read's own buffer, when there is one (autoAllocateChunkSize gives a default read one
          // too), and the body is a byte stream: filled by a BYOB read and handed back as it is. Else
          // (a body made in JavaScript) the body's next chunk is enqueued.
          const request = source.byob ? controller.byobRequest : null
          const { bytes, done } = await source.fill(request?.view ?? null, request?.atLeast ?? 1)
          if (cancelled) return
          if (bytes) {
            if (request) request.respondWithNewView(bytes)
            else controller.enqueue(bytes)
          }
          if (done) controller.close()
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

type Reader = { byob: true; reader: ReadableStreamBYOBReader } | { byob: false; reader: ReadableStreamDefaultReader<Uint8Array> }

/**
 * The request's own body, read one chunk at a time (workerd allows one pending read): by the handler's
 * stream, then by the drain, which waits for a read the handler left pending. A body from the network
 * is a byte stream, read by BYOB into the buffer given; one made in JavaScript (a test's stream, a
 * request built in the worker) may not be, and is read as it comes.
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
   * At least `atLeast` bytes into `view` (a new buffer when null) unless the body ends first, in one
   * answer: workerd's `respondWithNewView` makes the view it is given the whole of the pending read's
   * buffer, so a read answered in two parts would leave the second an empty view. The view's buffer is
   * moved into the result (BYOB). A body that is no byte stream gives its next chunk as it comes.
   */
  async fill(view: Uint8Array | null, atLeast: number): Promise<{ bytes: Uint8Array | null; done: boolean }> {
    if (!this.byob) {
      const { done, value } = await this.read(null, 1)
      return { bytes: done ? null : value, done }
    }
    // Taken before the first read moves the buffer away (the view then reads as empty).
    const { byteOffset, byteLength } = view ?? { byteOffset: 0, byteLength: DEFAULT_READ_BYTES }
    let buffer = (view?.buffer ?? new ArrayBuffer(DEFAULT_READ_BYTES)) as ArrayBuffer
    let filled = 0
    for (;;) {
      const { done, value } = await this.read(new Uint8Array(buffer, byteOffset + filled, byteLength - filled), atLeast - filled)
      // workerd's BYOB reads give the moved buffer back at the end too (internal_stream_byob_return_view).
      buffer = value!.buffer as ArrayBuffer
      if (!done) filled += value.byteLength
      if (done || filled >= atLeast) return { bytes: filled > 0 ? new Uint8Array(buffer, byteOffset, filled) : null, done }
    }
  }

  /** Reads and drops what is left into one buffer, up to `limit` bytes in all; past it, gives up (the runtime closes). */
  async drain(limit: number, path: string): Promise<void> {
    let buffer = new Uint8Array(DRAIN_READ_BYTES)
    try {
      for (;;) {
        const { done, value } = await this.read(buffer, 1)
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

  /** The next read: into `view` (a new buffer when null) by BYOB, or the body's next chunk as it comes. */
  private read(view: Uint8Array | null, atLeast: number): Promise<ReadableStreamReadResult<Uint8Array>> {
    const taken = this.reader()
    const next = () => (taken.byob ? taken.reader.readAtLeast(atLeast, view ?? new Uint8Array(DEFAULT_READ_BYTES)) : taken.reader.read())
    const result = this.last.then(next)
    this.last = result.catch(() => undefined)
    return result.then((r) => {
      if (r.done) this.ended = true
      else this.bytes += r.value.byteLength
      return r
    })
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
