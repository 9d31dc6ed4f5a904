import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { servicingKind, type Session } from '../identity/session'
import { pathOf, route, routePermits } from '../../../shared/routes'
import { consentLabel, type ESignSubmission } from '../../../shared/esign/schemas/esign'
import { formatDate } from '../../../shared/format'
import { localDate } from '../../../shared/clock'
import { localDateTimeIn } from '../../../shared/identity/local-time-in'
import { isPlainMailbox } from '../../../shared/forms/plain-mailbox'
import { esignConfirmationMailIn } from './esign-mail'
import type { Locale } from '../../../shared/i18n/locale'
import { formatDateIn } from '../../../shared/i18n/format'
import { profileLanguage } from '../../db/identity/profiles'
import type { MailMessage } from '../../integrations/mail/port'
import { esignTerms, termsText, TERMS_VERSION } from '../../../shared/esign/terms'
import { sanitizeHtml } from '../../lib/sanitize'
import { applicationDocuments, hashDocuments } from './esign-documents'
import { sha256Hex } from '../../lib/sha256'
import { isUniqueViolation } from '../../db/unique-violation'
import {
  findSignature,
  insertSignature,
  policyUpdate,
  signatureStatements,
  signerSnapshot,
  type HistoryRow,
  type SignatureRow,
  type StatementRow,
} from './esign-records'
import { log } from '../../lib/log'
import { findPolicy } from '../../db/policy/policies'
import { DOCUMENT_UNAVAILABLE_MESSAGE, documentTitleIn, documentsWordIn } from '../../../shared/policy/documents'
import { defineTexts } from '../../../shared/i18n/catalog'

/**
 * Signing a policy's application (spec 000 "E-Signature screen", section 4 "E-sign", section 7
 * PostESignatures), shared by the API, the island (through the API) and the no-script form.
 *
 * The answer is a status and a text: 200 the text is shown as a success, 202 as an error. A signature
 * is accepted only for exactly what the screen presented (the policy's facts, statements, the
 * acknowledgement and the terms of this version, and the documents as R2 holds them now), and is
 * stored with its evidence in one transaction that also clears eSignatureRequired and adds the rows
 * to the policy's e-signature history (docs/decisions/040-esign-evidence.md).
 */

/** The answers (the spec's English, which the API answers and the evidence stores) and their Spanish, which a Spanish page shows (issue 36). */
const ESIGN_TEXTS = defineTexts(
  {
    signed: (policyId: string, date: string) =>
      `Thank you. Your e-signature for policy ${policyId} was received on ${date}. You can see it on the E-Signatures page.`,
    alreadySigned: (policyId: string, date: string) => `The application for policy ${policyId} was already signed electronically on ${date}.`,
    nothingToSign: (policyId: string) => `Policy ${policyId} has no documents waiting for your e-signature.`,
    notAvailable: (policyId: string) => `E-signature is not available for policy ${policyId}.`,
    renewal: (policyId: string) => `Policy ${policyId} is a renewal: please review your declaration page. No signature is taken on this page.`,
    changed: (policyId: string) => `The documents for policy ${policyId} have changed since the page was opened. Please review them and sign again.`,
    /** Spec 001 / 000 section 8 wording for a document that cannot be read. */
    unavailable: DOCUMENT_UNAVAILABLE_MESSAGE,
  },
  {
    signed: (policyId, date) => `Gracias. Recibimos su firma electrónica de la póliza ${policyId} el ${date}. Puede verla en la página Firmas electrónicas.`,
    alreadySigned: (policyId, date) => `La solicitud de la póliza ${policyId} ya se firmó electrónicamente el ${date}.`,
    nothingToSign: (policyId) => `La póliza ${policyId} no tiene documentos que esperen su firma electrónica.`,
    notAvailable: (policyId) => `La firma electrónica no está disponible para la póliza ${policyId}.`,
    renewal: (policyId) => `La póliza ${policyId} es una renovación: revise su página de declaraciones. En esta página no se toma ninguna firma.`,
    changed: (policyId) => `Los documentos de la póliza ${policyId} cambiaron desde que abrió la página. Revíselos y firme de nuevo.`,
    unavailable: documentsWordIn('es', DOCUMENT_UNAVAILABLE_MESSAGE),
  },
)

type SignChannel = 'island' | 'form' | 'api'

export interface SignerContext {
  env: Env
  session: Session
  requestId: string
  ip: string
  userAgent: string
  /** The client session id (SID header / userSid cookie): for an SSO landing, the partner's tracking_id. */
  clientSid: string
  channel: SignChannel
  /** The request's language: the confirmation's when the session has no profile (single sign-on). */
  locale?: Locale
}

export interface SignResult {
  status: 200 | 202
  /** The spec's English: the API's answer and the stored response. */
  message: string
  /** The same answer in the language of the page that signed (ctx.locale), for its system message. */
  shown: string
  showPhoneNumber?: boolean
  signatureId?: string
  /** True when an earlier signature for the same documents answered (double click, retry). */
  replay?: boolean
}

/** An answer in the spec's English and in the page's language; `date` writes a date in each. */
function answer(
  ctx: SignerContext,
  status: 200 | 202,
  words: (t: (typeof ESIGN_TEXTS)['en'], date: (iso: string) => string) => string,
): Pick<SignResult, 'status' | 'message' | 'shown'> {
  const locale = ctx.locale ?? 'en'
  return {
    status,
    message: words(ESIGN_TEXTS.en, formatDate),
    shown: words(ESIGN_TEXTS[locale], (iso) => formatDateIn(locale, iso)),
  }
}

/** The policy transaction a signature belongs to. */
function transactionKey(p: Policy): string {
  return `${p.originalTransType}|${p.effectiveDate}|${p.postDate}`
}

/** The acknowledgement exactly as the screen shows it. */
export function presentedAcknowledgement(p: Policy): string {
  return sanitizeHtml(p.acknowledgement)
}

/** The facts the screen showed still match the policy of record, statement by statement. */
function matchesPolicy(p: Policy, s: ESignSubmission): boolean {
  const facts =
    s.policyId === p.policyID &&
    s.inceptionDate === p.inceptionDate &&
    s.effectiveDate === p.effectiveDate &&
    s.postDate === p.postDate &&
    s.companyId === p.companyId &&
    s.planId === p.planId &&
    s.state === p.state
  return (
    facts &&
    s.termsVersion === TERMS_VERSION &&
    s.signatures.length === p.policyStatements.length &&
    s.signatures.every((sig, i) => sig.statementId === p.policyStatements[i]?.statementId && sig.statementText === p.policyStatements[i]?.statementText)
  )
}

/** The date the policyholder signed on, on the policy's state clock: 7 pm in California is that day, not UTC's next. */
export function dateOf(ms: number, state: string): string {
  return localDate(ms, state)
}

function historyFrom(statements: Pick<StatementRow, 'statement_text' | 'initials'>[], applicantSignature: string, dateSigned: string): HistoryRow[] {
  if (statements.length === 0) return [{ eSignature: applicantSignature, dateSigned, statementText: 'Application signed electronically' }]
  return statements.map((s) => ({ eSignature: s.initials, dateSigned, statementText: s.statement_text }))
}

export async function signPolicy(ctx: SignerContext, policy: Policy, submission: ESignSubmission): Promise<SignResult> {
  const { env, session } = ctx
  const id = policy.policyID
  if (!routePermits(route('ESignature'), policy)) return answer(ctx, 202, (t) => t.notAvailable(id))
  if (policy.originalTransType === 'RN') return answer(ctx, 202, (t) => t.renewal(id))
  if (!matchesPolicy(policy, submission)) return answer(ctx, 202, (t) => t.changed(id))

  // What was presented: the documents' bytes, the statements, the acknowledgement and the terms.
  const documents = await hashDocuments(env.DOCS, applicationDocuments(policy))
  if (!documents) {
    log('error', 'e-sign document missing in R2', { requestId: ctx.requestId, policyId: id })
    return { ...answer(ctx, 202, (t) => t.unavailable), showPhoneNumber: true }
  }
  const acknowledgement = presentedAcknowledgement(policy)
  // The terms and the consent's label in the language the page showed them (issue 36), stored as shown.
  const shownLocale = ctx.locale ?? 'en'
  const terms = esignTerms({ policyId: id, state: policy.state, supportPhone: env.SUPPORT_PHONE, locale: shownLocale })
  const shownTerms = termsText(terms, shownLocale)
  const [acknowledgementSha, termsSha] = await Promise.all([sha256Hex(acknowledgement), sha256Hex(shownTerms)])
  const statementTexts = policy.policyStatements.map((s) => s.statementText)
  const contentSha = await sha256Hex(
    JSON.stringify({
      documents: documents.map((d) => ({ kind: d.kind, fileName: d.fileName, sha256: d.sha256 })),
      statements: statementTexts,
      acknowledgement: acknowledgementSha,
      terms: termsSha,
    }),
  )
  const txKey = transactionKey(policy)

  const earlier = await findSignature(env.DB, id, txKey, contentSha)
  if (earlier) return answerEarlier(ctx, policy, earlier)
  if (!policy.eSignatureRequired) return answer(ctx, 202, (t) => t.nothingToSign(id))

  const signedAt = Date.now()
  const dateSigned = dateOf(signedAt, policy.state)
  const signatureId = crypto.randomUUID()
  const statements: StatementRow[] = await Promise.all(
    submission.signatures.map(async (s, position) => ({
      position,
      statement_id: s.statementId,
      statement_text: s.statementText,
      text_sha256: await sha256Hex(s.statementText),
      initials: s.eSignature,
    })),
  )
  const signer = await signerSnapshot(env.DB, session.id, session.profileId)
  const { message, shown } = answer(ctx, 200, (t, date) => t.signed(id, date(dateSigned)))
  const label = consentLabel(id, shownLocale)
  const evidence = {
    signatureId,
    policyId: id,
    transaction: {
      key: txKey,
      originalTransType: policy.originalTransType,
      inceptionDate: policy.inceptionDate,
      effectiveDate: policy.effectiveDate,
      postDate: policy.postDate,
      companyId: policy.companyId,
      planId: policy.planId,
      state: policy.state,
    },
    signedAt: new Date(signedAt).toISOString(),
    signer: { sessionId: session.id, kind: session.kind, profileId: session.profileId, clientSid: ctx.clientSid, ...signer },
    channel: ctx.channel,
    applicantSignature: submission.applicantSignature,
    statements: statements.map((s) => ({ statementId: s.statement_id, statementText: s.statement_text, sha256: s.text_sha256, initials: s.initials })),
    acknowledgement: { html: acknowledgement, sha256: acknowledgementSha },
    consent: {
      agreed: true,
      label,
      termsVersion: terms.version,
      termsSections: terms.sections.map((s) => s.id),
      termsText: shownTerms,
      termsSha256: termsSha,
    },
    documents: documents.map((d) => ({
      kind: d.kind,
      description: d.description,
      fileName: d.fileName,
      key: d.key,
      sha256: d.sha256,
      size: d.size,
      etag: d.etag,
      uploaded: d.uploaded,
    })),
    contentSha256: contentSha,
    client: { ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId },
  }
  const evidenceJson = JSON.stringify(evidence)
  const row: SignatureRow = {
    signature_id: signatureId,
    policy_id: id,
    transaction_key: txKey,
    content_sha256: contentSha,
    signed_at: signedAt,
    signed_at_iso: evidence.signedAt,
    date_signed: dateSigned,
    session_id: session.id,
    session_kind: servicingKind(session),
    profile_id: session.profileId,
    signer_json: JSON.stringify(evidence.signer),
    channel: ctx.channel,
    applicant_signature: submission.applicantSignature,
    consent_given: 1,
    consent_label: label,
    terms_version: terms.version,
    terms_text: shownTerms,
    terms_sha256: termsSha,
    terms_sections: JSON.stringify(evidence.consent.termsSections),
    acknowledgement_html: acknowledgement,
    acknowledgement_sha256: acknowledgementSha,
    submission_json: JSON.stringify(submission),
    ip: ctx.ip,
    user_agent: ctx.userAgent.slice(0, 500),
    request_id: ctx.requestId,
    response_message: message,
    evidence_json: evidenceJson,
    evidence_sha256: await sha256Hex(evidenceJson),
  }
  try {
    const locale = session.profileId ? await profileLanguage(env.DB, session.profileId) : (ctx.locale ?? 'en')
    const mail = confirmationMail(env, policy, signedAt, documents, locale)
    await insertSignature(
      env.DB,
      { row, documents, statements, history: historyFrom(statements, submission.applicantSignature, dateSigned), mail },
      ctx.requestId,
    )
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    // A concurrent submission of the same documents won (a double click): answer as it was answered.
    const winner = await findSignature(env.DB, id, txKey, contentSha)
    if (!winner) throw err
    return answerEarlier(ctx, policy, winner)
  }
  // Never the typed name, the initials or anything of the insured's in a log line.
  log('info', 'e-signature stored', { requestId: ctx.requestId, policyId: id, signatureId, channel: ctx.channel })
  return { status: 200, message, shown, signatureId }
}

/** The confirmation to the policy's address on file (issue 35); none when that is not one plain mailbox. */
function confirmationMail(env: Env, policy: Policy, signedAt: number, documents: readonly { description: string }[], locale: Locale): MailMessage | null {
  const to = policy.email.trim()
  if (!isPlainMailbox(to)) return null
  const signedAtText = localDateTimeIn(locale, signedAt, policy.state, true)
  return esignConfirmationMailIn(locale, to, {
    policyId: policy.policyID,
    signedAt: signedAtText,
    documents: documents.map((d) => documentTitleIn(locale, d.description)),
    historyUrl: `${env.PORTAL_BASE_URL.replace(/\/$/, '')}${pathOf('ESignHistory')}`,
    supportPhone: env.SUPPORT_PHONE,
  })
}

/**
 * A signature for these documents exists. The same session gets the same answer again (idempotent);
 * anyone else is told it was already signed. If the policy record still asks for a signature (it was
 * restored from elsewhere), the signature's effect is applied again: the flag clears and any missing
 * history rows are added, never twice.
 */
async function answerEarlier(ctx: SignerContext, policy: Policy, earlier: SignatureRow): Promise<SignResult> {
  // The record as it is now, not as this request read it before a concurrent signature landed.
  const current = policy.eSignatureRequired ? await findPolicy(ctx.env.DB, policy.policyID) : null
  if (current?.eSignatureRequired) {
    const statements = await signatureStatements(ctx.env.DB, earlier.signature_id)
    const missing = historyFrom(statements, earlier.applicant_signature, earlier.date_signed).filter(
      (row) => !current.eSignatures.some((h) => h.eSignature === row.eSignature && h.dateSigned === row.dateSigned && h.statementText === row.statementText),
    )
    await policyUpdate(ctx.env.DB, policy.policyID, missing, Date.now()).run()
  }
  if (earlier.session_id === ctx.session.id) {
    const shown = ctx.locale === 'es' ? ESIGN_TEXTS.es.signed(policy.policyID, formatDateIn('es', earlier.date_signed)) : earlier.response_message
    return { status: 200, message: earlier.response_message, shown, signatureId: earlier.signature_id, replay: true }
  }
  return {
    ...answer(ctx, 202, (t, date) => t.alreadySigned(policy.policyID, date(earlier.date_signed))),
    signatureId: earlier.signature_id,
  }
}
