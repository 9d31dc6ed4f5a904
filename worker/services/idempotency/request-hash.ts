import type { BodyTap } from '../../types'
import { hexOf } from '../../lib/sha256'
import { utf8 } from '../../lib/bytes'

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

/**
 * The hash of a request whose handler reads the body itself, as a byte stream (a claim file, decision
 * 196): the body is left as it came (wrapping it would turn it into a stream of new chunks) and the
 * handler shows each chunk it reads to `tap`. A body the handler left unread is read here.
 */
export function tappedRequestHash(prefix: string, body: ReadableStream<Uint8Array> | null): { tap: BodyTap; complete(): Promise<string | null> } {
  const digest = new crypto.DigestStream('SHA-256')
  const writer = digest.getWriter()
  const started = writer.write(utf8(prefix))
  let tapped = false
  let ended = false
  return {
    tap: {
      async write(chunk) {
        tapped = true
        await started
        await writer.write(chunk)
      },
      end() {
        ended = true
      },
    },
    async complete() {
      await started
      if (ended) {
        await writer.close()
        return hexOf(new Uint8Array(await digest.digest))
      }
      if (tapped || body?.locked) return null
      writer.releaseLock()
      return digestOfRest(digest, body)
    },
  }
}

/** The rest of a body into a digest that has its prefix (piped natively: no chunk passes through JS); null when the body fails. */
async function digestOfRest(digest: DigestStream, body: ReadableStream<Uint8Array> | null): Promise<string | null> {
  try {
    if (body) await body.pipeTo(digest as unknown as WritableStream<Uint8Array>)
    else await digest.getWriter().close()
  } catch {
    return null
  }
  return hexOf(new Uint8Array(await digest.digest))
}

/** The hash of a whole request read here, for a repeat that must be compared with a finished answer. */
export async function requestHashOf(prefix: string, body: ReadableStream<Uint8Array> | null): Promise<string> {
  const digest = new crypto.DigestStream('SHA-256')
  const writer = digest.getWriter()
  await writer.write(utf8(prefix))
  writer.releaseLock()
  return (await digestOfRest(digest, body)) ?? ''
}
