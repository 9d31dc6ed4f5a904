import { MAX_CLAIM_COPY_BYTES, UPLOAD_MSG, UPLOAD_REFUSAL, displayName, sniffClaimFileType } from '../../../shared/claims/uploads'
import { fileCheck, FileRefusedError, type FileRefusal } from './claim-files'

/**
 * The claim's PDF copy that a spec-following client sends in the report's `file` part (spec 001 section 7:
 * multipart, claimSubmission and file; decision 218). It is read within FirstNoticeOfLoss's body limit
 * (MAX_CLAIM_COPY_BYTES), checked as every claim file is (decision 204: a PDF without scripts, automatic
 * actions, embedded files...), and kept beside the portal's own copy (claim-report.ts). Photos still
 * travel one per request (ClaimFile, decision 169): a `file` part that is not a PDF is refused.
 */
export interface ClientCopy {
  /** As shown (displayName). */
  name: string
  bytes: Uint8Array
  sha256: string
}

/** The checks read the copy in pieces of this size, as they read an upload (decision 196). */
const PIECE = 256 * 1024

export async function checkedClientCopy(rawName: string, bytes: Uint8Array): Promise<ClientCopy | FileRefusal> {
  const name = displayName(rawName)
  if (bytes.byteLength === 0) return { status: 400, errorMessage: UPLOAD_MSG.empty(name) }
  if (bytes.byteLength > MAX_CLAIM_COPY_BYTES) return { status: 413, errorMessage: UPLOAD_REFUSAL.copyTooBig(name) }
  if (sniffClaimFileType(bytes.subarray(0, 16)) !== 'application/pdf') return { status: 415, errorMessage: UPLOAD_REFUSAL.copyNotPdf(name) }
  const check = fileCheck(name, bytes.byteLength)
  try {
    for (let at = 0; at < bytes.byteLength; at += PIECE) await check.take(bytes.subarray(at, at + PIECE))
    return { name, bytes, sha256: (await check.end()).sha256 }
  } catch (err) {
    if (err instanceof FileRefusedError) return err.refusal
    throw err
  }
}
