import type { D1Database } from '@cloudflare/workers-types'
import { localDateTime } from '../../../shared/clock'
import { defineTexts } from '../../../shared/i18n/catalog'
import { formatDateIn } from '../../../shared/i18n/format'
import { LANGUAGE_TAG, type Locale } from '../../../shared/i18n/locale'
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

/** The evidence's words (issue 36): the record itself (names, hashes, the statements as signed) stays as stored. */
const EVIDENCE_TEXTS = defineTexts(
  {
    title: 'E-signature evidence',
    pdfTitle: (policyId: string) => `E-signature evidence, policy ${policyId}`,
    pdfSubject: (signatureId: string) => `E-signature ${signatureId}`,
    policy: (policyId: string) => `Policy ${policyId}`,
    stateTime: (state: string) => `(${state} time)`,
    signedBy: 'Signed by',
    signed: 'Signed',
    inUtc: 'In UTC',
    signature: 'Signature',
    documents: 'Documents presented',
    bytes: 'bytes',
    statements: 'Statements acknowledged',
    initials: 'Initials',
    textSha: 'Text SHA-256',
    consent: 'Consent',
    agreed: '(agreed)',
    termsVersion: (version: string, sha: string) => `Electronic records disclosures version ${version}, SHA-256 ${sha}`,
    whereFrom: 'Where from',
    session: (id: string, how: string, channel: string) => `Session ${id} (${how}), through the ${channel}`,
    direct: 'signed in with a user name',
    sso: 'single sign-on',
    island: 'island',
    form: 'form',
    api: 'api',
    address: (ip: string) => `Address ${ip}`,
    browser: (agent: string) => `Browser ${agent}`,
    record: 'Evidence record',
    recordSha: (sha: string) => `SHA-256 of the stored record: ${sha}`,
    request: (id: string) => `Request ${id}`,
  },
  {
    title: 'Constancia de firma electrónica',
    pdfTitle: (policyId) => `Constancia de firma electrónica, póliza ${policyId}`,
    pdfSubject: (signatureId) => `Firma electrónica ${signatureId}`,
    policy: (policyId) => `Póliza ${policyId}`,
    stateTime: (state) => `(hora de ${state})`,
    signedBy: 'Firmado por',
    signed: 'Firmado',
    inUtc: 'En UTC',
    signature: 'Firma',
    documents: 'Documentos presentados',
    bytes: 'bytes',
    statements: 'Declaraciones aceptadas',
    initials: 'Iniciales',
    textSha: 'SHA-256 del texto',
    consent: 'Consentimiento',
    agreed: '(aceptado)',
    termsVersion: (version, sha) => `Información sobre registros electrónicos, versión ${version}, SHA-256 ${sha}`,
    whereFrom: 'Desde dónde',
    session: (id, how, channel) => `Sesión ${id} (${how}), por medio de: ${channel}`,
    direct: 'inició sesión con un nombre de usuario',
    sso: 'inicio de sesión único',
    island: 'la página',
    form: 'el formulario',
    api: 'la API',
    address: (ip) => `Dirección IP ${ip}`,
    browser: (agent) => `Navegador ${agent}`,
    record: 'Registro de la constancia',
    recordSha: (sha) => `SHA-256 del registro guardado: ${sha}`,
    request: (id) => `Solicitud ${id}`,
  },
)

type EvidenceTexts = (typeof EVIDENCE_TEXTS)['en']

/** When, on the policyholder's clock: '03/05/2026 2:30 PM (the policy's state time)'. */
function whenSigned(t: EvidenceTexts, locale: Locale, at: number, state: string): string {
  const { date, time } = localDateTime(at, state)
  const hour = Number(time.slice(0, 2))
  return `${formatDateIn(locale, date)} ${hour % 12 || 12}:${time.slice(3)} ${hour < 12 ? 'AM' : 'PM'} ${t.stateTime(state)}`
}

/** How the signature came: the channel's word, or the stored value when it is not one the portal names. */
function channelWord(t: EvidenceTexts, channel: string): string {
  return channel === 'island' || channel === 'form' || channel === 'api' ? t[channel] : channel
}

/**
 * The evidence of one e-signature as a PDF a person can keep (issue 21 item 13): what was presented
 * (each document and its SHA-256, each statement and its initials, the disclosures' version and hash),
 * when (the server's instant, on the policyholder's clock and in UTC), from which session and address,
 * and what the signer typed; with the SHA-256 of the stored evidence record, which shows it unaltered.
 */
export async function renderEsignEvidencePdf(db: D1Database, s: SignatureRow, state: string, locale: Locale = 'en'): Promise<Uint8Array> {
  const t = EVIDENCE_TEXTS[locale]
  const { results: documents } = await db
    .prepare('SELECT description, file_name, sha256, size FROM esign_documents WHERE signature_id = ? ORDER BY position')
    .bind(s.signature_id)
    .all<DocumentRow>()
  const statements = await signatureStatements(db, s.signature_id)
  const sections: PdfSection[] = [
    { heading: t.documents, lines: documents.map((d) => `${d.description} (${d.file_name}, ${d.size} ${t.bytes}), SHA-256 ${d.sha256}`) },
    { heading: t.statements, lines: statements.map((st) => `${st.statement_text} ${t.initials}: ${st.initials}. ${t.textSha} ${st.text_sha256}`) },
    { heading: t.consent, lines: [`${s.consent_label} ${t.agreed}`, t.termsVersion(s.terms_version, s.terms_sha256)] },
    {
      heading: t.whereFrom,
      lines: [t.session(s.session_id, s.session_kind === 'direct' ? t.direct : t.sso, channelWord(t, s.channel)), t.address(s.ip), t.browser(s.user_agent)],
    },
    { heading: t.record, lines: [t.recordSha(s.evidence_sha256), t.request(s.request_id)] },
  ]
  return renderPdf(
    {
      title: t.pdfTitle(s.policy_id),
      subject: t.pdfSubject(s.signature_id),
      created: new Date(s.signed_at),
      creator: 'policyholder-portal',
      language: LANGUAGE_TAG[locale],
    },
    [
      {
        title: t.title,
        subtitle: t.policy(s.policy_id),
        facts: [
          [t.signedBy, s.applicant_signature],
          [t.signed, whenSigned(t, locale, s.signed_at, state)],
          [t.inUtc, s.signed_at_iso],
          [t.signature, s.signature_id],
        ],
        sections,
      },
    ],
  )
}
