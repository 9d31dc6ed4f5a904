import { MAX_CLAIM_FILE_BYTES, UPLOAD_MSG, UPLOAD_REFUSAL, sniffClaimFileType, type ClaimFileType } from '../../shared/claims/uploads'
import { PdfActionScan } from '../../shared/claims/pdf-actions'
import { hexOf } from './sha256'

/**
 * The checks of one claim file (decisions 104, 164, 169), run on the file as it streams: its type from
 * the first bytes, its size against the declared length, and for a PDF no script or launch action,
 * hashed (SHA-256) in the same pass. The bytes pass on unchanged; a refusal errors the stream, so what
 * it feeds (R2's put) never completes. The last chunk is held back until the end of the file is checked:
 * the writer after it never sees every byte of a refused file.
 */

export interface FileRefusal {
  status: 400 | 413 | 415
  errorMessage: string
}

export interface CheckedStream {
  type: ClaimFileType
  bytes: number
  sha256: string
}

/** What errors the stream when a check fails: the refusal it answers. */
export class FileRefusedError extends Error {
  constructor(readonly refusal: FileRefusal) {
    super(refusal.errorMessage)
    this.name = 'FileRefusedError'
  }
}

/** Bytes enough to tell every accepted type (sniffClaimFileType). */
const HEAD_BYTES = 16

export interface FileCheck {
  /** Pipe the body through it. */
  stream: TransformStream<Uint8Array, Uint8Array>
  /** Once the stream has ended: the file's type, size and hash, or the refusal that stopped it. */
  outcome(): Promise<CheckedStream | FileRefusal>
}

/** The checks of the file shown as `name` (displayName), declared `length` bytes long. */
export function fileCheck(name: string, length: number): FileCheck {
  const digest = new crypto.DigestStream('SHA-256')
  const hashing = (digest as unknown as WritableStream<Uint8Array>).getWriter()
  let head: Uint8Array | null = new Uint8Array(0)
  let held: Uint8Array | null = null
  let type: ClaimFileType | null = null
  let scan: PdfActionScan | null = null
  let bytes = 0
  let refusal: FileRefusal | null = null
  let ended = false

  const refuse = (r: FileRefusal): never => {
    refusal = r
    throw new FileRefusedError(r)
  }
  const typed = (first: Uint8Array): void => {
    type = sniffClaimFileType(first.subarray(0, HEAD_BYTES))
    if (!type) refuse({ status: 415, errorMessage: UPLOAD_MSG.wrongType(name) })
    if (type === 'application/pdf') scan = new PdfActionScan()
  }
  const checked = async (chunk: Uint8Array): Promise<void> => {
    await hashing.write(chunk)
    scan?.push(chunk)
    if (scan?.found) refuse({ status: 415, errorMessage: UPLOAD_REFUSAL.activePdf(name) })
  }
  const pass = (chunk: Uint8Array, controller: TransformStreamDefaultController<Uint8Array>): void => {
    if (held) controller.enqueue(held)
    held = chunk
  }

  const stream = new TransformStream<Uint8Array, Uint8Array>({
    async transform(chunk, controller) {
      bytes += chunk.byteLength
      if (bytes > MAX_CLAIM_FILE_BYTES) refuse({ status: 413, errorMessage: UPLOAD_MSG.tooBig(name) })
      if (bytes > length) refuse({ status: 400, errorMessage: UPLOAD_REFUSAL.lengthMismatch(name) })
      if (head) {
        const joined = new Uint8Array(head.byteLength + chunk.byteLength)
        joined.set(head, 0)
        joined.set(chunk, head.byteLength)
        if (joined.byteLength < HEAD_BYTES) {
          head = joined
          return
        }
        head = null
        typed(joined)
        await checked(joined)
        return pass(joined, controller)
      }
      await checked(chunk)
      pass(chunk, controller)
    },
    async flush(controller) {
      if (bytes === 0) refuse({ status: 400, errorMessage: UPLOAD_MSG.empty(name) })
      if (bytes !== length) refuse({ status: 400, errorMessage: UPLOAD_REFUSAL.lengthMismatch(name) })
      if (head) {
        typed(head)
        await checked(head)
        pass(head, controller)
        head = null
      }
      // A name running to the file's last byte counts too.
      if (scan?.end()) refuse({ status: 415, errorMessage: UPLOAD_REFUSAL.activePdf(name) })
      if (held) controller.enqueue(held)
      ended = true
    },
  })

  return {
    stream,
    async outcome() {
      if (refusal) return refusal
      if (!ended || !type) return { status: 400, errorMessage: UPLOAD_REFUSAL.lengthMismatch(name) }
      await hashing.close()
      return { type, bytes, sha256: hexOf(new Uint8Array(await digest.digest)) }
    },
  }
}
