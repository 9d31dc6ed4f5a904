/**
 * A request body read chunk by chunk into two buffers used in turn (decision 196). Reading a body with a
 * default reader gives every chunk a new ArrayBuffer, and V8 frees them only when it collects: ten
 * 10 MB claim files read so left tens of MB of them in the worker's isolate. A request body is a byte
 * stream, so a BYOB reader fills our own buffers instead, and the worker holds two of them, whatever
 * the file's size.
 *
 * A chunk stays valid while the next one is read, until the one after that is asked for: the caller
 * may hold one chunk back (a claim file's last one, until its checks pass), and must have finished
 * writing a chunk elsewhere (R2, a digest: awaited) by then. A body that is no byte stream (a file part
 * cut out of a multipart form in JS) is read as it comes, each chunk its own.
 */

/** Bytes read at a time: few enough reads for a 10 MB file (40), little held (two of them). */
export const CHUNK_BYTES = 256 * 1024

export async function* bodyChunks(body: ReadableStream<Uint8Array>, size = CHUNK_BYTES): AsyncGenerator<Uint8Array, void, undefined> {
  let reader: ReadableStreamBYOBReader
  try {
    reader = body.getReader({ mode: 'byob' })
  } catch {
    yield* chunksAsTheyCome(body)
    return
  }
  const buffers = [new ArrayBuffer(size), new ArrayBuffer(size)]
  let ended = false
  try {
    for (let turn = 0; ; turn ^= 1) {
      // readAtLeast (workerd): a full buffer unless the body ends first.
      const { done, value } = await reader.readAtLeast(size, new Uint8Array(buffers[turn]!))
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
