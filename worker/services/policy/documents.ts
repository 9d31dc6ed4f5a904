import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import {
  coverageMessage,
  declarationsMessage,
  packetLabel,
  packetName,
  pdfFileName,
  showsPolicyPackets,
  visibleCoverageDocuments,
  visiblePolicyDocuments,
} from '../../../shared/policy/documents'
import { DocumentKeyError, packetKey, policyDocumentKey, standardDocumentKey } from '../../db/policy/document-keys'
import { log } from '../../lib/log'

/**
 * The documents of a policy as the Documents screen lists them, and reading their PDFs from R2.
 * A request never names an R2 key: it names a file of the policy's visible list (or a packet of its
 * packet list), and the key is built from that entry by document-keys.ts.
 */
export interface DocumentDescriptor {
  policyId: string
  description: string
  fileName: string
  documentType: 'policy' | 'standard'
}

export interface PacketDescriptor {
  policyId: string
  transactionType: string
  effectiveDate: string
  label: string
  /** Label plus formatted effective date: the entry's text and the downloaded file's name. */
  name: string
}

export interface DocumentListing {
  policyID: string
  policyPacketDocuments: PacketDescriptor[]
  policyDocuments: DocumentDescriptor[]
  standardDocuments: DocumentDescriptor[]
  /** Shown instead of the declarations page while it is hidden; null when visible. */
  declarationsMessage: string | null
  /** Shown instead of the coverage documents while they are hidden; null when visible. */
  coverageMessage: string | null
}

export function documentListing(p: Policy): DocumentListing {
  return {
    policyID: p.policyID,
    policyPacketDocuments: showsPolicyPackets(p)
      ? p.policyPacketDocuments.map((pk) => ({
          policyId: p.policyID,
          transactionType: pk.transactionType,
          effectiveDate: pk.effectiveDate,
          label: packetLabel(pk.transactionType),
          name: packetName(pk),
        }))
      : [],
    policyDocuments: visiblePolicyDocuments(p).map((d) => ({ policyId: p.policyID, description: d.description, fileName: d.fileName, documentType: 'policy' })),
    standardDocuments: visibleCoverageDocuments(p).map((d) => ({
      policyId: p.policyID,
      description: d.description,
      fileName: d.fileName,
      documentType: 'standard',
    })),
    declarationsMessage: declarationsMessage(p),
    coverageMessage: coverageMessage(p),
  }
}

export type PdfResult = { ok: true; body: ReadableStream; size: number; fileName: string } | { ok: false; reason: 'not-found' | 'failed' }

/** Which R2 key a requested file of this policy maps to, or null when the policy does not list it (visibly). */
function documentKeyFor(p: Policy, fileName: string, documentType?: string): string | null {
  try {
    if (documentType !== 'standard') {
      const listed = visiblePolicyDocuments(p).some((d) => d.fileName === fileName)
      // The application (e-signature step 1) is a policy document even when the list does not name it.
      if (listed || (p.applicationFileName !== '' && p.applicationFileName === fileName)) return policyDocumentKey(p.policyID, fileName)
    }
    if (documentType !== 'policy' && visibleCoverageDocuments(p).some((d) => d.fileName === fileName)) {
      return standardDocumentKey(fileName)
    }
  } catch (err) {
    if (err instanceof DocumentKeyError) return null
    throw err
  }
  return null
}

async function readPdf(env: Env, key: string): Promise<{ body: ReadableStream; size: number } | null> {
  const obj = await env.DOCS.get(key)
  if (!obj) return null
  return { body: obj.body as unknown as ReadableStream, size: obj.size }
}

/** A policy or coverage document of this policy. A listed file that cannot be read is a logged failure. */
export async function readDocument(env: Env, p: Policy, fileName: string, documentType: string | undefined, requestId: string): Promise<PdfResult> {
  const key = documentKeyFor(p, fileName, documentType)
  if (!key) return { ok: false, reason: 'not-found' }
  try {
    const pdf = await readPdf(env, key)
    if (pdf) return { ok: true, ...pdf, fileName: pdfFileName(fileName) }
    log('error', 'document download failed', { requestId, policyId: p.policyID, fileName, cause: 'missing in storage' })
  } catch (err) {
    log('error', 'document download failed', { requestId, policyId: p.policyID, fileName, cause: String(err) })
  }
  return { ok: false, reason: 'failed' }
}

/** A packet of this non-flood policy by transaction type and effective date. */
export async function readPacket(env: Env, p: Policy, transactionType: string, effectiveDate: string, requestId: string): Promise<PdfResult> {
  const type = transactionType.trim().toUpperCase()
  const date = effectiveDate.trim()
  const packet = showsPolicyPackets(p) ? p.policyPacketDocuments.find((pk) => pk.transactionType === type && pk.effectiveDate === date) : undefined
  if (!packet) return { ok: false, reason: 'not-found' }
  try {
    const pdf = await readPdf(env, packetKey(p.policyID, packet.transactionType, packet.effectiveDate))
    if (pdf) return { ok: true, ...pdf, fileName: pdfFileName(packetName(packet)) }
    log('error', 'packet download failed', { requestId, policyId: p.policyID, transactionType: type, effectiveDate: date, cause: 'missing in storage' })
  } catch (err) {
    log('error', 'packet download failed', { requestId, policyId: p.policyID, transactionType: type, effectiveDate: date, cause: String(err) })
  }
  return { ok: false, reason: 'failed' }
}

/**
 * Content-Disposition for a download: the name as given (UTF-8, RFC 6266 filename*), and an ASCII
 * fallback where characters a file name cannot hold ('/', quotes, controls) become '_'.
 */
function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\/:*?<>|]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

export function pdfResponse(result: Extract<PdfResult, { ok: true }>): Response {
  return new Response(result.body, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachmentDisposition(result.fileName),
      'Content-Length': String(result.size),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
