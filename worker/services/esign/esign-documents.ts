import type { R2Bucket } from '@cloudflare/workers-types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { policyDocumentKey, isSafeFileName } from '../../db/policy/document-keys'
import { sha256Hex } from '../../lib/sha256'

/**
 * The documents the e-signature screen presents (spec 000 "E-Signature screen"): the application and,
 * if present, the 'CEA Application' (step 1); for a renewal, the declarations page. The screen links
 * them through /e-sign/document/{kind}, which serves the same R2 objects the signature hashes.
 */
export type ESignDocumentKind = 'application' | 'cea-application' | 'declarations'

const ESIGN_DOCUMENT_KINDS: readonly ESignDocumentKind[] = ['application', 'cea-application', 'declarations']

export interface PresentedDocument {
  kind: ESignDocumentKind
  /** The link text on the screen. */
  label: string
  description: string
  fileName: string
  key: string
}

export function isESignDocumentKind(kind: string): kind is ESignDocumentKind {
  return (ESIGN_DOCUMENT_KINDS as readonly string[]).includes(kind)
}

function entry(policy: Policy, kind: ESignDocumentKind, label: string, description: string, fileName: string): PresentedDocument | null {
  if (!fileName || !isSafeFileName(fileName)) return null
  return { kind, label, description, fileName, key: policyDocumentKey(policy.policyID, fileName) }
}

export function documentOf(policy: Policy, kind: ESignDocumentKind): PresentedDocument | null {
  const docs = policy.policyDocuments
  switch (kind) {
    case 'application': {
      const listed = docs.find((d) => d.fileName === policy.applicationFileName)
      const fileName =
        policy.applicationFileName || docs.find((d) => /application/i.test(d.description) && !/cea application/i.test(d.description))?.fileName || ''
      return entry(policy, kind, 'Application', listed?.description ?? 'Application', fileName)
    }
    case 'cea-application': {
      const cea = docs.find((d) => /cea application/i.test(d.description))
      return cea ? entry(policy, kind, 'CEA Application', cea.description, cea.fileName) : null
    }
    case 'declarations': {
      const dec = docs.find((d) => /dec page/i.test(d.description))
      return dec ? entry(policy, kind, 'Declarations Page', dec.description, dec.fileName) : null
    }
  }
}

/** Step 1: the application, then the 'CEA Application' when the policy has one. */
export function applicationDocuments(policy: Policy): PresentedDocument[] {
  return [documentOf(policy, 'application'), documentOf(policy, 'cea-application')].filter((d): d is PresentedDocument => d !== null)
}

export function documentHref(kind: ESignDocumentKind): string {
  return `/e-sign/document/${kind}`
}

export interface HashedDocument extends PresentedDocument {
  sha256: string
  size: number
  etag: string
  uploaded: string
}

/** Reads each document's bytes from R2 and hashes them; null when one of them is missing. */
export async function hashDocuments(bucket: R2Bucket, docs: PresentedDocument[]): Promise<HashedDocument[] | null> {
  const out: HashedDocument[] = []
  for (const doc of docs) {
    const obj = await bucket.get(doc.key)
    if (!obj) return null
    const bytes = await obj.arrayBuffer()
    out.push({ ...doc, sha256: await sha256Hex(bytes), size: bytes.byteLength, etag: obj.etag, uploaded: obj.uploaded.toISOString() })
  }
  return out
}
