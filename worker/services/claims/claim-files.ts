import { MAX_CLAIM_FILE_BYTES, UPLOAD_MSG, UPLOAD_REFUSAL, sniffClaimFileType, type ClaimFileType } from '../../../shared/claims/uploads'
import { PdfActionScan } from '../../../shared/claims/pdf-actions'
import { hexOf } from '../../lib/sha256'

/**
 * The checks of one claim file (decisions 104, 164, 169, 196), run on the file chunk by chunk as it is
 * read: its type from the first bytes, its size against the declared length, and for a PDF no script or
 * launch action, hashed (SHA-256) in the same pass. Nothing of a chunk is kept (the reader reuses its
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
  let scan: PdfActionScan | null = null
  let bytes = 0

  const refuse = (r: FileRefusal): never => {
    throw new FileRefusedError(r)
  }
  /** The type from the first bytes; a PDF's scan starts with them. */
  const typed = (first: Uint8Array): void => {
    type = sniffClaimFileType(first)
    if (!type) refuse({ status: 415, errorMessage: UPLOAD_MSG.wrongType(name) })
    if (type === 'application/pdf') {
      scan = new PdfActionScan()
      scan.push(first)
    }
  }
  const scanned = (chunk: Uint8Array): void => {
    scan?.push(chunk)
    if (scan?.found) refuse({ status: 415, errorMessage: UPLOAD_REFUSAL.activePdf(name) })
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
      // A name running to the file's last byte counts too.
      if (scan?.end()) refuse({ status: 415, errorMessage: UPLOAD_REFUSAL.activePdf(name) })
      await hashing.close()
      return { type: type!, bytes, sha256: hexOf(new Uint8Array(await digest.digest)) }
    },
  }
}
