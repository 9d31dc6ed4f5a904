import { POLICY_NUMBER as POLICY_ID } from '../../../shared/policy/policy-number'
import { PROOF_CODE } from '../../../shared/policy/proof-of-insurance'

/**
 * R2 key rules for PDFs (bucket binding DOCS). The seed writes under these keys and the download
 * handlers read from them, so both sides must call these helpers rather than build keys by hand.
 *
 *   policies/{policyId}/documents/{fileName}                       policy documents and the application
 *   policies/{policyId}/packets/{transactionType}-{effectiveDate}.pdf   policy packets (NB, EB, RN)
 *   standard/{fileName}                                            coverage (standard) documents
 *   policies/{policyId}/proofs/{code}.pdf                          a proof of insurance sent by mail
 *
 * Every part is checked, so a caller that passes request data cannot escape its prefix
 * (no '/', '\\', '..', control characters); an invalid part throws DocumentKeyError.
 */
export class DocumentKeyError extends Error {
  override name = 'DocumentKeyError'
}

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/
const TRANSACTION_TYPE = /^[A-Z0-9]{1,8}$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

function isSafePolicyId(policyId: string): boolean {
  return POLICY_ID.test(policyId)
}

/** A plain file name: letters, digits, '.', '_', '-', starting with a letter or digit, never '..'. */
export function isSafeFileName(fileName: string): boolean {
  return FILE_NAME.test(fileName) && !fileName.includes('..')
}

function checkPolicyId(policyId: string): string {
  if (!isSafePolicyId(policyId)) throw new DocumentKeyError('invalid policy id for a document key')
  return policyId
}

function checkFileName(fileName: string): string {
  if (!isSafeFileName(fileName)) throw new DocumentKeyError('invalid file name for a document key')
  return fileName
}

/** A policy document (including the application, whose name is the policy's applicationFileName). */
export function policyDocumentKey(policyId: string, fileName: string): string {
  return `policies/${checkPolicyId(policyId)}/documents/${checkFileName(fileName)}`
}

/** A policy packet: one merged PDF per transaction (NB, EB, RN) and effective date (yyyy-mm-dd). */
export function packetKey(policyId: string, transactionType: string, effectiveDate: string): string {
  if (!TRANSACTION_TYPE.test(transactionType)) throw new DocumentKeyError('invalid packet transaction type')
  if (!ISO_DATE.test(effectiveDate)) throw new DocumentKeyError('invalid packet effective date')
  return `policies/${checkPolicyId(policyId)}/packets/${transactionType}-${effectiveDate}.pdf`
}

/** A standard (coverage) document, shared by every policy that lists it. */
export function standardDocumentKey(fileName: string): string {
  return `standard/${checkFileName(fileName)}`
}

/** A proof of insurance that a mail carries (decision 173), by its verification code. */
export function proofOfInsuranceKey(policyId: string, code: string): string {
  if (!PROOF_CODE.test(code)) throw new DocumentKeyError('invalid proof of insurance code')
  return `policies/${checkPolicyId(policyId)}/proofs/${code}.pdf`
}
