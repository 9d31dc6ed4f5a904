import { hexOf } from '../sha256'
import { utf8 } from './crypto'

/**
 * The hash of a request (its method, path, principal, then its body), made as the body streams: nothing
 * holds the body whole (issue 18: a 95 MB claim was held about five times over). `passThrough` gives the
 * body to read on (the handler's) while it is hashed; `drain` hashes whatever of it is left unread.
 */
export interface StreamedHash {
  /** The body the handler reads, hashed on its way. */
  body: ReadableStream<Uint8Array> | null
  /** The hash once the body has been read to its end (reading any rest), or null when it cannot be (the handler left it half read). */
  complete(): Promise<string | null>
}

export function streamedRequestHash(prefix: string, body: ReadableStream<Uint8Array> | null): StreamedHash {
  const digest = new crypto.DigestStream('SHA-256')
  const writer = digest.getWriter()
  const started = writer.write(utf8(prefix))
  let ended = false
  let failed = false
  const hashed =
    body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        async transform(chunk, controller) {
          await writer.write(chunk)
          controller.enqueue(chunk)
        },
        flush() {
          ended = true
        },
      }),
    ) ?? null
  return {
    body: hashed,
    async complete() {
      await started
      if (hashed && !ended) {
        if (hashed.locked) return null
        try {
          const reader = hashed.getReader()
          while (!(await reader.read()).done) {
            // each chunk is hashed by the transform on its way here
          }
        } catch {
          failed = true
        }
      }
      if (failed) return null
      await writer.close()
      return hexOf(new Uint8Array(await digest.digest))
    },
  }
}

/** The hash of a whole request read here, for a repeat that must be compared with a finished answer. */
export async function requestHashOf(prefix: string, body: ReadableStream<Uint8Array> | null): Promise<string> {
  return (await streamedRequestHash(prefix, body).complete()) ?? ''
}
