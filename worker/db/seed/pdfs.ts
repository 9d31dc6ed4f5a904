import type { R2Bucket } from '@cloudflare/workers-types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { packetKey, policyDocumentKey, standardDocumentKey } from '../policy/document-keys'
import type { DocumentEntry } from './catalog'
import { packetParts, packetTitle, policyDocumentPages, standardDocumentPages } from './pdf-content'
import { renderPdf } from '../../pdf/render'
import { sha256Hex } from '../../lib/sha256'

/**
 * Every PDF the demo policies refer to, and their upload to R2. A PDF is only written when its key is
 * missing or the sha256 in its custom metadata differs, so a rerun reads heads and writes nothing.
 */
export interface PdfJob {
  key: string
  render(): Promise<Uint8Array>
}

/** The documents of a policy, plus its application when the list does not already hold that file. */
function policyDocumentsWithApplication(p: Policy): DocumentEntry[] {
  const docs = [...p.policyDocuments]
  if (p.applicationFileName && !docs.some((d) => d.fileName === p.applicationFileName)) {
    docs.push({ description: 'Application', fileName: p.applicationFileName })
  }
  return docs
}

export function planPdfJobs(policies: Policy[]): PdfJob[] {
  const jobs: PdfJob[] = []
  const standard = new Map<string, DocumentEntry>()
  for (const p of policies) {
    for (const doc of policyDocumentsWithApplication(p)) {
      jobs.push({
        key: policyDocumentKey(p.policyID, doc.fileName),
        render: () => renderPdf({ title: `${doc.description} - ${p.policyID}`, subject: doc.description }, policyDocumentPages(p, doc)),
      })
    }
    for (const pk of p.policyPacketDocuments) {
      const meta = { title: `${packetTitle(pk.transactionType)} ${pk.effectiveDate} - ${p.policyID}`, subject: packetTitle(pk.transactionType) }
      jobs.push({
        key: packetKey(p.policyID, pk.transactionType, pk.effectiveDate),
        // One tagged document of all the parts, not parts merged: copied pages would lose their tags.
        render: () => renderPdf(meta, packetParts(p, pk).flat()),
      })
    }
    for (const doc of p.standardDocuments) standard.set(doc.fileName, doc)
  }
  for (const doc of [...standard.values()].sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    jobs.push({
      key: standardDocumentKey(doc.fileName),
      render: () => renderPdf({ title: doc.description, subject: 'Coverage document' }, standardDocumentPages(doc)),
    })
  }
  const keys = new Set(jobs.map((j) => j.key))
  if (keys.size !== jobs.length) throw new Error('two demo PDFs share one R2 key')
  return jobs
}

/** Renders each job and writes it when R2 does not already hold the same bytes. */
export async function syncPdfs(bucket: R2Bucket, jobs: PdfJob[], concurrency = 6): Promise<{ total: number; written: number }> {
  let written = 0
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++]!
      const bytes = await job.render()
      const sha256 = await sha256Hex(bytes)
      const head = await bucket.head(job.key)
      if (head?.customMetadata?.sha256 === sha256) continue
      await bucket.put(job.key, bytes, {
        httpMetadata: { contentType: 'application/pdf' },
        customMetadata: { sha256, source: 'demo-seed' },
        sha256,
      })
      written++
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker))
  return { total: jobs.length, written }
}
