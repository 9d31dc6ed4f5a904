/**
 * A request body read chunk by chunk into two buffers used in turn (decision 196). Reading a body with a
 * default reader gives every chunk a new ArrayBuffer, and V8 frees them only when it collects: ten
 * 10 MB claim files read so left tens of MB of them in the worker's isolate. A request body is a byte
 * stream, so a BYOB reader fills our own buffers instead, and the buffers of a body read to its end
 * serve the next one: the isolate holds two per upload in progress, whatever the files' sizes.
 *
 * A chunk stays valid while the next one is read, until the one after that is asked for: the caller
 * may hold one chunk back (a claim file's last one, until its checks pass), and must have finished
 * writing a chunk elsewhere (R2, a digest: awaited) by then. A body that is no byte stream (a file part
 * cut out of a multipart form in JS) is read as it comes, each chunk its own.
 *
 * Every request body reaches the handlers through the drain's stream (body-drain.ts, decision 194), a
 * plain stream: read through it, a file would come as chunks of their own again. So the drain gives
 * readBody the request's own stream behind it (`readBehind`), read by BYOB as if nothing stood between.
 */

/**
 * Bytes read at a time: 40 reads for a 10 MB file. Smaller reads cost the isolate's heap more than their
 * buffers save (ten files one after another: about +8 MB of heap at 64 KB, 1-4 MB at 256 KB; decision 196).
 */
export const CHUNK_BYTES = 256 * 1024

/** Buffers kept for the next body once a burst of uploads is over (2 MB). */
const SPARE_MAX = 8
const spare: ArrayBuffer[] = []

export interface BodyReading {
  chunks: AsyncGenerator<Uint8Array, void, undefined>
  /** After the last chunk has been used (written and awaited): its buffers serve the next body. */
  release(): void
}

/** What a body is read with here: a BYOB reader's two calls. */
export interface ByobReads {
  readAtLeast(atLeast: number, view: Uint8Array): Promise<ReadableStreamReadResult<Uint8Array>>
  /** Stopped before the end: the rest is not wanted. */
  cancel(): Promise<void>
}

/** Streams that stand in front of another, and how to read the one behind by BYOB (null: it cannot be). */
const standIns = new WeakMap<ReadableStream<Uint8Array>, () => ByobReads | null>()

/** `stream` stands in front of a body that `reads` gives BYOB reads of: readBody reads that body instead. */
export function readBehind(stream: ReadableStream<Uint8Array>, reads: () => ByobReads | null): void {
  standIns.set(stream, reads)
}

export function readBody(body: ReadableStream<Uint8Array>): BodyReading {
  const reader = standIns.get(body)?.() ?? byobReader(body)
  if (!reader) return { chunks: chunksAsTheyCome(body), release: () => undefined }
  const buffers = [spare.pop() ?? new ArrayBuffer(CHUNK_BYTES), spare.pop() ?? new ArrayBuffer(CHUNK_BYTES)]
  return {
    chunks: byobChunks(reader, buffers),
    release() {
      // A buffer caught in a read that failed was moved away (detached): it is no longer ours.
      for (const b of buffers) if (b.byteLength === CHUNK_BYTES && spare.length < SPARE_MAX) spare.push(b)
      buffers.length = 0
    },
  }
}

function byobReader(body: ReadableStream<Uint8Array>): ByobReads | null {
  try {
    return body.getReader({ mode: 'byob' })
  } catch {
    return null
  }
}

async function* byobChunks(reader: ByobReads, buffers: ArrayBuffer[]): AsyncGenerator<Uint8Array, void, undefined> {
  let ended = false
  try {
    for (let turn = 0; ; turn ^= 1) {
      // readAtLeast (workerd): a full buffer unless the body ends first.
      const { done, value } = await reader.readAtLeast(CHUNK_BYTES, new Uint8Array(buffers[turn]!))
      // The read moved the buffer into `value`: it is ours again once `value` is done with.
      if (value) buffers[turn] = value.buffer as ArrayBuffer
      if (value && value.byteLength > 0) yield value
      if (done) {
        ended = true
        return
      }
    }
  } finally {
    // Stopped before the end (a refused file): the rest is not wanted.
    if (!ended) await reader.cancel().catch(() => undefined)
  }
}

async function* chunksAsTheyCome(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = body.getReader()
  let ended = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) {
        ended = true
        return
      }
      if (value.byteLength > 0) yield value
    }
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined)
  }
}
