import { MAX_CLAIM_FILE_BYTES, UPLOAD_MSG, UPLOAD_REFUSAL, sniffClaimFileType, type ClaimFileType } from '../../../shared/claims/uploads'
import { PdfActionScan } from '../../../shared/claims/file-checks/pdf-actions'
import { imageEndCheck, type ImageEndCheck, type ImageProblem } from '../../../shared/claims/file-checks/image-end'
import { hexOf } from '../../lib/sha256'

/**
 * The checks of one claim file (decisions 104, 164, 169, 196, 204), run on the file chunk by chunk as it
 * is read: its type from the first bytes, its size against the declared length, an image only an image
 * (nothing after its end), a PDF without scripts, automatic actions, embedded files or the like (object
 * streams inflated as they pass), hashed (SHA-256) in the same pass. Nothing of a chunk is kept (the reader reuses its
 * buffers): only the first 16 bytes are copied, to tell the type. The caller holds the last chunk back
 * until end() has passed, so that what it feeds (R2) never receives every byte of a refused file.
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

/** What a failed check throws: the refusal it answers. */
export class FileRefusedError extends Error {
  constructor(readonly refusal: FileRefusal) {
    super(refusal.errorMessage)
    this.name = 'FileRefusedError'
  }
}

/** Bytes enough to tell every accepted type (sniffClaimFileType). */
const HEAD_BYTES = 16

export interface FileCheck {
  /** Checks and hashes the next chunk; a refusal throws FileRefusedError. */
  take(chunk: Uint8Array): Promise<void>
  /** Once the last chunk has been taken: the file's type, size and hash; a refusal throws FileRefusedError. */
  end(): Promise<CheckedStream>
}

/** The checks of the file shown as `name` (displayName), declared `length` bytes long. */
export function fileCheck(name: string, length: number): FileCheck {
  const digest = new crypto.DigestStream('SHA-256')
  const hashing = (digest as unknown as WritableStream<Uint8Array>).getWriter()
  const head = new Uint8Array(HEAD_BYTES)
  let headBytes = 0
  let type: ClaimFileType | null = null
  let pdf: PdfActionScan | null = null
  let image: ImageEndCheck | null = null
  let bytes = 0

  const refuse = (r: FileRefusal): never => {
    throw new FileRefusedError(r)
  }
  const imageRefusal = (problem: ImageProblem): FileRefusal => ({
    status: 415,
    errorMessage: problem === 'trailing' ? UPLOAD_REFUSAL.imageTrailing(name) : UPLOAD_REFUSAL.imageBroken(name),
  })
  /** The type from the first bytes; the content's checks start with them. */
  const typed = (first: Uint8Array): void => {
    type = sniffClaimFileType(first)
    if (!type) refuse({ status: 415, errorMessage: UPLOAD_MSG.wrongType(name) })
    if (type === 'application/pdf') pdf = new PdfActionScan()
    else image = imageEndCheck(type!)
    scanned(first)
  }
  /** A PDF's parts are named once the whole file is read; an image is refused as soon as it goes wrong. */
  const scanned = (chunk: Uint8Array): void => {
    pdf?.push(chunk)
    image?.push(chunk)
    if (image?.problem) refuse(imageRefusal(image.problem))
  }

  return {
    async take(chunk) {
      bytes += chunk.byteLength
      if (bytes > MAX_CLAIM_FILE_BYTES) refuse({ status: 413, errorMessage: UPLOAD_MSG.tooBig(name) })
      if (bytes > length) refuse({ status: 400, errorMessage: UPLOAD_REFUSAL.lengthMismatch(name) })
      await hashing.write(chunk)
      if (type) return scanned(chunk)
      const copied = Math.min(HEAD_BYTES - headBytes, chunk.byteLength)
      head.set(chunk.subarray(0, copied), headBytes)
      headBytes += copied
      if (headBytes < HEAD_BYTES) return
      typed(head)
      scanned(chunk.subarray(copied))
    },
    async end() {
      if (bytes === 0) refuse({ status: 400, errorMessage: UPLOAD_MSG.empty(name) })
      if (bytes !== length) refuse({ status: 400, errorMessage: UPLOAD_REFUSAL.lengthMismatch(name) })
      if (!type) typed(head.subarray(0, headBytes))
      const parts = pdf?.end() ?? []
      if (parts.length > 0) refuse({ status: 415, errorMessage: UPLOAD_REFUSAL.pdfParts(name, parts) })
      const problem = image?.end()
      if (problem) refuse(imageRefusal(problem))
      await hashing.close()
      return { type: type!, bytes, sha256: hexOf(new Uint8Array(await digest.digest)) }
    },
  }
}
