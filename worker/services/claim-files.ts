import { MAX_CLAIM_FILES, MAX_CLAIM_FILE_BYTES, UPLOAD_MSG, displayName, sniffClaimFileType, type ClaimFileType } from '../../shared/claims/uploads'
import { PdfActionScan } from '../../shared/claims/pdf-actions'
import { hexOf } from './sha256'

/**
 * The files of a claim, checked by content (decision 104, issue 20 item 7): count, size, type by the
 * first bytes, and for a PDF no script or launch action. The first problem refuses them all.
 */

export interface CheckedFile {
  /** The name as shown (displayName): no path, no invisible characters. */
  name: string
  type: ClaimFileType
  /** The part itself: read by R2 as it writes, never copied into another buffer here. */
  file: File
  sha256: string
}

export interface FileRefusal {
  status: 400 | 413 | 415
  errorMessage: string
}

export async function checkedFiles(files: readonly File[]): Promise<CheckedFile[] | FileRefusal> {
  if (files.length > MAX_CLAIM_FILES) return { status: 400, errorMessage: UPLOAD_MSG.tooMany }
  const out: CheckedFile[] = []
  for (const file of files) {
    const name = displayName(file.name)
    if (file.size > MAX_CLAIM_FILE_BYTES) return { status: 413, errorMessage: UPLOAD_MSG.tooBig(name) }
    if (file.size === 0) return { status: 400, errorMessage: UPLOAD_MSG.empty(name) }
    const type = sniffClaimFileType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
    if (!type) return { status: 415, errorMessage: UPLOAD_MSG.wrongType(name) }
    const read = await readOnce(file, type === 'application/pdf')
    if (read.activeName) return { status: 415, errorMessage: UPLOAD_MSG.activePdf(name) }
    out.push({ name, type, file, sha256: read.sha256 })
  }
  return out
}

/**
 * One pass over the file as it streams: its SHA-256 and, for a PDF, the action scan, chunk by chunk (a
 * claim with 10 files of 10 MB must not hold them again in the worker's 128 MB).
 */
async function readOnce(file: File, isPdf: boolean): Promise<{ sha256: string; activeName: string | null }> {
  const digest = new crypto.DigestStream('SHA-256')
  const hashing = (digest as unknown as WritableStream<Uint8Array>).getWriter()
  const scan = isPdf ? new PdfActionScan() : null
  const reader = (file.stream() as unknown as ReadableStream<Uint8Array>).getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    await hashing.write(value)
    scan?.push(value)
  }
  await hashing.close()
  return { sha256: hexOf(new Uint8Array(await digest.digest)), activeName: scan?.end() ?? null }
}
