import { formatDate } from '../format'
import { formatDateIn } from '../i18n/format'
import type { Locale } from '../i18n/locale'

/**
 * The Documents screen and downloads (spec 000 "Documents screen" and section 4 "Document downloads").
 * The page and the download API both use these rules, so a hidden document cannot be downloaded either.
 */
export interface DocumentFacts {
  isFlood: boolean
  isExcessFlood: boolean
  underwritingStatus: string
  originalTransType: string
  totalDue: number
}

const DECLARATIONS_MESSAGE_PAID = 'The Declarations Page will be available once the policy has been paid in full.'
const DECLARATIONS_MESSAGE_PAID_AND_UNDERWRITTEN =
  'The Declarations Page will be available once the policy has been paid in full and underwriting has been completed.'
/** Spec 000: coverage documents get "a matching message" whose exact wording is not shown; this one matches. */
export const COVERAGE_MESSAGE_PAID = 'The Coverage Documents will be available once the policy has been paid in full.'
export const COVERAGE_MESSAGE_PAID_AND_UNDERWRITTEN =
  'The Coverage Documents will be available once the policy has been paid in full and underwriting has been completed.'

export const DOCUMENTS_CLOSING_NOTE = 'If you cannot find a document, please call the policy servicing number on your Declarations Page.'
/** Ours (issue 35): while the Declarations Page is withheld its number cannot be read there, so the number is given. */
export const DOCUMENTS_CLOSING_NOTE_WITHHELD = 'If you cannot find a document, please call policy servicing at'

/** Spec 000 section 8: a document that cannot be produced. */
export const DOCUMENT_UNAVAILABLE_MESSAGE = 'We are unable to retrieve your document at this time.'

/**
 * For a flood policy the declarations page is visible only if (the policy is excess flood, or
 * underwritingStatus is empty) and totalDue is 0, as written: a credit balance (below 0) is not 0, so
 * it hides the page too. Non-flood policies always see it. Coverage documents follow the same condition.
 */
export function declarationsVisible(p: DocumentFacts): boolean {
  if (!p.isFlood) return true
  return (p.isExcessFlood || p.underwritingStatus.trim() === '') && p.totalDue === 0
}

/** Whether the message speaks of payment only: excess flood or original transaction type 17A. */
function paymentOnly(p: DocumentFacts): boolean {
  return p.isExcessFlood || p.originalTransType.toUpperCase() === '17A'
}

/** The message shown in place of the declarations page, or null when it is visible. */
export function declarationsMessage(p: DocumentFacts): string | null {
  if (declarationsVisible(p)) return null
  return paymentOnly(p) ? DECLARATIONS_MESSAGE_PAID : DECLARATIONS_MESSAGE_PAID_AND_UNDERWRITTEN
}

/** The message shown in place of the coverage documents, or null when they are visible. */
export function coverageMessage(p: DocumentFacts): string | null {
  if (declarationsVisible(p)) return null
  return paymentOnly(p) ? COVERAGE_MESSAGE_PAID : COVERAGE_MESSAGE_PAID_AND_UNDERWRITTEN
}

/** A declarations page: its description contains 'DEC PAGE' (case-insensitive). */
export function isDeclarationsPage(description: string): boolean {
  return description.toUpperCase().includes('DEC PAGE')
}

/**
 * A document's title as a person reads it (issue 35): the policy system marks a declarations page with
 * the jargon 'Dec Page' (spec 000: its description contains it, which isDeclarationsPage reads), so
 * 'Declarations Dec Page' shows as 'Declarations Page' and 'Renewal Dec Page' as 'Renewal Declarations Page'.
 */
export function documentTitle(description: string): string {
  return description
    .replace(/\bdec page\b/gi, 'Declarations Page')
    .replace(/\bdeclarations\s+(?=declarations page\b)/gi, '')
    .trim()
}

/**
 * The Documents screen's words in Spanish (issue 36): its messages and notes, the packets' labels, and the
 * titles of the documents the portal itself names. A form's own title (an ISO or NFIP form) stays as
 * the form prints it: the PDF is that form, in English.
 */
const SPANISH: Readonly<Record<string, string>> = {
  [DECLARATIONS_MESSAGE_PAID]: 'La página de declaraciones estará disponible cuando la póliza se haya pagado por completo.',
  [DECLARATIONS_MESSAGE_PAID_AND_UNDERWRITTEN]:
    'La página de declaraciones estará disponible cuando la póliza se haya pagado por completo y se haya completado la suscripción.',
  [COVERAGE_MESSAGE_PAID]: 'Los documentos de cobertura estarán disponibles cuando la póliza se haya pagado por completo.',
  [COVERAGE_MESSAGE_PAID_AND_UNDERWRITTEN]:
    'Los documentos de cobertura estarán disponibles cuando la póliza se haya pagado por completo y se haya completado la suscripción.',
  [DOCUMENTS_CLOSING_NOTE]: 'Si no encuentra un documento, llame al número de servicio de pólizas que aparece en su página de declaraciones.',
  [DOCUMENTS_CLOSING_NOTE_WITHHELD]: 'Si no encuentra un documento, llame al servicio de pólizas al',
  [DOCUMENT_UNAVAILABLE_MESSAGE]: 'No podemos obtener su documento en este momento.',
  'Declarations Page': 'Página de declaraciones',
  'Renewal Declarations Page': 'Página de declaraciones de renovación',
  'Amended Declarations Page': 'Página de declaraciones modificada',
  Application: 'Solicitud',
  'CEA Application': 'Solicitud de la CEA',
  'Notice of Privacy Practices': 'Aviso de prácticas de privacidad',
  'Notice of Premium Due': 'Aviso de prima a pagar',
  'New Business Packet ': 'Paquete de póliza nueva ',
  'Policy Change Packet ': 'Paquete de cambio de póliza ',
  'Renewal Packet ': 'Paquete de renovación ',
}

/** One of this screen's English texts in a language (the English itself when Spanish has no word for it). */
export function documentsWordIn(locale: Locale, english: string): string {
  return locale === 'en' ? english : (SPANISH[english] ?? english)
}

/** A document's title in a language: the English title (documentTitle), then its Spanish when the portal names it. */
export function documentTitleIn(locale: Locale, description: string): string {
  return documentsWordIn(locale, documentTitle(description))
}

/** A packet's entry on the page in a language (the download keeps packetName's English file name). */
export function packetNameIn(locale: Locale, p: PacketFacts): string {
  return `${documentsWordIn(locale, packetLabel(p.transactionType))}${formatDateIn(locale, p.effectiveDate)}`
}

/** Policy documents as listed: without declarations pages while they are hidden. */
export function visiblePolicyDocuments<D extends { description: string }>(p: DocumentFacts & { policyDocuments: readonly D[] }): D[] {
  return declarationsVisible(p) ? [...p.policyDocuments] : p.policyDocuments.filter((d) => !isDeclarationsPage(d.description))
}

/** Coverage (standard) documents: all of them, or none while the declarations page is hidden. */
export function visibleCoverageDocuments<D>(p: DocumentFacts & { standardDocuments: readonly D[] }): D[] {
  return declarationsVisible(p) ? [...p.standardDocuments] : []
}

// ---------------------------------------------------------------- packets

export interface PacketFacts {
  transactionType: string
  effectiveDate: string
}

const PACKET_LABELS: Record<string, string> = {
  NB: 'New Business Packet ',
  EB: 'Policy Change Packet ',
  RN: 'Renewal Packet ',
}

/** NB 'New Business Packet ', EB 'Policy Change Packet ', RN 'Renewal Packet '; any other type ''. */
export function packetLabel(transactionType: string): string {
  return PACKET_LABELS[transactionType.toUpperCase()] ?? ''
}

/** The label followed by the formatted effective date: the entry's text and the downloaded file name. */
export function packetName(p: PacketFacts): string {
  return `${packetLabel(p.transactionType)}${formatDate(p.effectiveDate)}`
}

/** Policy Packets: shown only for non-flood policies that have at least one packet. */
export function showsPolicyPackets(p: { isFlood: boolean; policyPacketDocuments: readonly unknown[] }): boolean {
  return !p.isFlood && p.policyPacketDocuments.length > 0
}

/** A download's file name: the given name with '.pdf' added when it has no such ending. */
export function pdfFileName(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`
}
