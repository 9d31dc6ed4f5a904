import { renderPdf, type PdfSection } from '../../pdf/render'
import { SERVICE_OPTIONS } from '../../../shared/claims/emergency-repairs'
import type { FloodClaimSubmission } from '../../../shared/claims/schemas/claim-flood'
import type { HomeownersClaimSubmission } from '../../../shared/claims/schemas/claim-homeowners'
import { defineTexts } from '../../../shared/i18n/catalog'
import { LANGUAGE_TAG, type Locale } from '../../../shared/i18n/locale'
import { reportClaimIslandTexts } from '../../../shared/claims/texts/report-claim-island'

export interface ClaimCopy {
  claimNumber: string
  peril: string
  /** The detailed cause (homeowners), '' for flood. */
  detailedCause: string
  submission: FloodClaimSubmission | HomeownersClaimSubmission
  fileNames: readonly string[]
  reportedAt: number
  /** The reporter's language (issue 36): the copy's words and its /Lang; English when not given. */
  locale?: Locale
}

/** The copy's words in both languages (issue 36). What the policyholder typed is printed as typed. */
const CLAIM_PDF_TEXTS = defineTexts(
  {
    claimNumber: 'Claim Number',
    policyNumber: 'Policy Number',
    dateReported: 'Date Reported',
    dateOfLoss: 'Date of Loss',
    weatherRelated: 'Weather Related',
    yes: 'Yes',
    no: 'No',
    causeOfLoss: 'Cause of Loss',
    detailedCause: 'Detailed Cause',
    lossLocation: 'Loss Location',
    insured: 'Insured',
    homePhone: 'Home Phone',
    workPhone: 'Work Phone',
    mobilePhone: 'Mobile Phone',
    preferredContact: 'Preferred Contact',
    preferredHome: 'Home',
    preferredWork: 'Work',
    preferredMobile: 'Mobile',
    email: 'Email',
    reportedBy: 'Reported By',
    relationship: 'Relationship',
    reporterPhone: 'Reporter Phone',
    description: 'Description of the Loss / Damages',
    company: 'Company',
    phone: 'Phone',
    address: 'Address',
    service: 'Service',
    vendorRequested: 'National Vendor requested',
    servicesNeeded: 'Services needed',
    emergencyRepairs: 'Emergency Repairs',
    mitigation: 'Mitigation',
    files: 'Photos and Files',
    title: (claimNumber: string) => `Claim ${claimNumber}`,
    subject: (policyId: string) => `First notice of loss on policy ${policyId}`,
    policy: (policyId: string) => `Policy ${policyId}`,
  },
  {
    claimNumber: 'Número de reclamo',
    policyNumber: 'Número de póliza',
    dateReported: 'Fecha del reporte',
    dateOfLoss: 'Fecha de la pérdida',
    weatherRelated: '¿Se debe al clima?',
    yes: 'Sí',
    no: 'No',
    causeOfLoss: 'Causa de la pérdida',
    detailedCause: 'Causa detallada',
    lossLocation: 'Lugar de la pérdida',
    insured: 'Asegurado',
    homePhone: 'Teléfono de casa',
    workPhone: 'Teléfono del trabajo',
    mobilePhone: 'Teléfono celular',
    preferredContact: 'Contacto preferido',
    preferredHome: 'Casa',
    preferredWork: 'Trabajo',
    preferredMobile: 'Celular',
    email: 'Correo electrónico',
    reportedBy: 'Reportado por',
    relationship: 'Relación con el asegurado',
    reporterPhone: 'Teléfono de quien reporta',
    description: 'Descripción de la pérdida o los daños',
    company: 'Compañía',
    phone: 'Teléfono',
    address: 'Dirección',
    service: 'Servicio',
    vendorRequested: 'Proveedor nacional solicitado',
    servicesNeeded: 'Servicios que necesita',
    emergencyRepairs: 'Reparaciones de emergencia',
    mitigation: 'Mitigación',
    files: 'Fotos y archivos',
    title: (claimNumber) => `Reclamo ${claimNumber}`,
    subject: (policyId) => `Primer aviso de pérdida de la póliza ${policyId}`,
    policy: (policyId) => `Póliza ${policyId}`,
  },
)

/** The National Vendor's services by code, in the copy's language (the island's names for them). */
function serviceName(locale: Locale, code: number): string {
  const t = reportClaimIslandTexts[locale]
  const names: Record<number, string> = { 1: t.serviceOption1, 2: t.serviceOption2, 3: t.serviceOption3, 4: t.serviceOption4 }
  return names[code] ?? SERVICE_OPTIONS.find((o) => o.code === code)?.label ?? String(code)
}

/**
 * The PDF copy of a reported claim (issue 10: the browser ships no PDF library, the worker renders it).
 * Everything the policyholder sent, under its claim number; stored in R2 with the claim's files.
 */
export function renderClaimPdf(c: ClaimCopy): Promise<Uint8Array> {
  const locale = c.locale ?? 'en'
  const t = CLAIM_PDF_TEXTS[locale]
  const preferred: Record<string, string> = { '1': t.preferredHome, '2': t.preferredWork, '3': t.preferredMobile }
  const s = c.submission
  const isHomeowners = 'perilMappingId' in s
  const facts: Array<[string, string]> = [
    [t.claimNumber, c.claimNumber],
    [t.policyNumber, s.policyId],
    [t.dateReported, s.dateClaimReported],
    [t.dateOfLoss, s.lossDate],
  ]
  if (isHomeowners) {
    facts.push([t.weatherRelated, s.weatherRelated === 'yes' ? t.yes : t.no], [t.causeOfLoss, c.peril], [t.detailedCause, c.detailedCause])
  } else {
    facts.push([t.causeOfLoss, c.peril])
  }
  facts.push(
    [t.lossLocation, `${s.lossAddress}, ${s.lossCity}, ${s.lossState} ${s.lossZipCode}`],
    [t.insured, `${s.firstName} ${s.lastName}`.trim()],
    [t.homePhone, s.homePhone],
    [t.workPhone, s.workPhone],
    [t.mobilePhone, s.cellPhone],
    [t.preferredContact, preferred[s.preferredContact] ?? ''],
    [t.email, s.emailAddress],
    [t.reportedBy, s.claimReportedByName],
  )
  if (isHomeowners) facts.push([t.relationship, s.claimReportedByRelationship])
  facts.push([t.reporterPhone, s.claimReportedByPhone])

  const r = s.emergencyRepair
  const sections: PdfSection[] = [{ heading: t.description, lines: [s.lossDescription] }]
  const repairLines = [
    r.name && `${t.company}: ${r.name}`,
    r.phone && `${t.phone}: ${r.phone}`,
    r.email && `${t.email}: ${r.email}`,
    r.address && `${t.address}: ${[r.address, r.city, r.state, r.zipCode].filter(Boolean).join(', ')}`,
    r.serviceType && `${t.service}: ${r.serviceType}${r.serviceTypeOptionalComment ? ` (${r.serviceTypeOptionalComment})` : ''}`,
    `${t.vendorRequested}: ${r.assignNationalVendor === 'yes' ? t.yes : t.no}`,
    r.serviceOptions.length > 0 && `${t.servicesNeeded}: ${r.serviceOptions.map((code) => serviceName(locale, code)).join(', ')}`,
  ].filter((line): line is string => typeof line === 'string' && line !== '')
  sections.push({ heading: t.emergencyRepairs, lines: repairLines })
  if (isHomeowners && s.mitigationComment) sections.push({ heading: t.mitigation, lines: s.mitigationComment.split('\n') })
  if (c.fileNames.length > 0) sections.push({ heading: t.files, lines: [...c.fileNames] })

  return renderPdf(
    {
      title: t.title(c.claimNumber),
      subject: t.subject(s.policyId),
      created: new Date(c.reportedAt),
      creator: 'policyholder-portal',
      language: LANGUAGE_TAG[locale],
    },
    [{ title: t.title(c.claimNumber), subtitle: t.policy(s.policyId), facts, sections }],
  )
}
