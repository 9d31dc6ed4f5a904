import type { D1Database } from '@cloudflare/workers-types'
import { localDateTime } from '../../../shared/clock'
import { formatDate } from '../../../shared/format'
import { renderPdf, type PdfSection } from '../../pdf/render'
import { signatureStatements, type SignatureRow } from './esign-records'

/** The portal's e-signatures of a policy, newest first (the evidence rows of decision 040). */
export async function signaturesOf(db: D1Database, policyId: string): Promise<SignatureRow[]> {
  const { results } = await db.prepare('SELECT * FROM esign_signatures WHERE policy_id = ? ORDER BY signed_at DESC').bind(policyId).all<SignatureRow>()
  return results
}

export async function signatureOf(db: D1Database, policyId: string, signatureId: string): Promise<SignatureRow | null> {
  return db.prepare('SELECT * FROM esign_signatures WHERE policy_id = ? AND signature_id = ?').bind(policyId, signatureId).first<SignatureRow>()
}

interface DocumentRow {
  description: string
  file_name: string
  sha256: string
  size: number
}

/** When, on the policyholder's clock: '03/05/2026 2:30 PM (the policy's state time)'. */
function whenSigned(at: number, state: string): string {
  const { date, time } = localDateTime(at, state)
  const hour = Number(time.slice(0, 2))
  return `${formatDate(date)} ${hour % 12 || 12}:${time.slice(3)} ${hour < 12 ? 'AM' : 'PM'} (${state} time)`
}

/**
 * The evidence of one e-signature as a PDF a person can keep (issue 21 item 13): what was presented
 * (each document and its SHA-256, each statement and its initials, the disclosures' version and hash),
 * when (the server's instant, on the policyholder's clock and in UTC), from which session and address,
 * and what the signer typed; with the SHA-256 of the stored evidence record, which shows it unaltered.
 */
export async function renderEsignEvidencePdf(db: D1Database, s: SignatureRow, state: string): Promise<Uint8Array> {
  const { results: documents } = await db
    .prepare('SELECT description, file_name, sha256, size FROM esign_documents WHERE signature_id = ? ORDER BY position')
    .bind(s.signature_id)
    .all<DocumentRow>()
  const statements = await signatureStatements(db, s.signature_id)
  const sections: PdfSection[] = [
    { heading: 'Documents presented', lines: documents.map((d) => `${d.description} (${d.file_name}, ${d.size} bytes), SHA-256 ${d.sha256}`) },
    { heading: 'Statements acknowledged', lines: statements.map((t) => `${t.statement_text} Initials: ${t.initials}. Text SHA-256 ${t.text_sha256}`) },
    {
      heading: 'Consent',
      lines: [`${s.consent_label} (agreed)`, `Electronic records disclosures version ${s.terms_version}, SHA-256 ${s.terms_sha256}`],
    },
    {
      heading: 'Where from',
      lines: [
        `Session ${s.session_id} (${s.session_kind === 'direct' ? 'signed in with a user name' : 'single sign-on'}), through the ${s.channel}`,
        `Address ${s.ip}`,
        `Browser ${s.user_agent}`,
      ],
    },
    { heading: 'Evidence record', lines: [`SHA-256 of the stored record: ${s.evidence_sha256}`, `Request ${s.request_id}`] },
  ]
  return renderPdf(
    {
      title: `E-signature evidence, policy ${s.policy_id}`,
      subject: `E-signature ${s.signature_id}`,
      created: new Date(s.signed_at),
      creator: 'policyholder-portal',
    },
    [
      {
        title: 'E-signature evidence',
        subtitle: `Policy ${s.policy_id}`,
        facts: [
          ['Signed by', s.applicant_signature],
          ['Signed', whenSigned(s.signed_at, state)],
          ['In UTC', s.signed_at_iso],
          ['Signature', s.signature_id],
        ],
        sections,
      },
    ],
  )
}
