import { renderPdf, type PdfSection } from '../../pdf/render'
import { SERVICE_OPTIONS } from '../../../shared/claims/emergency-repairs'
import type { FloodClaimSubmission } from '../../../shared/claims/schemas/claim-flood'
import type { HomeownersClaimSubmission } from '../../../shared/claims/schemas/claim-homeowners'

export interface ClaimCopy {
  claimNumber: string
  peril: string
  /** The detailed cause (homeowners), '' for flood. */
  detailedCause: string
  submission: FloodClaimSubmission | HomeownersClaimSubmission
  fileNames: readonly string[]
  reportedAt: number
}

const PREFERRED = { '1': 'Home', '2': 'Work', '3': 'Mobile' } as Record<string, string>

/**
 * The PDF copy of a reported claim (issue 10: the browser ships no PDF library, the worker renders it).
 * Everything the policyholder sent, under its claim number; stored in R2 with the claim's files.
 */
export function renderClaimPdf(c: ClaimCopy): Promise<Uint8Array> {
  const s = c.submission
  const isHomeowners = 'perilMappingId' in s
  const facts: Array<[string, string]> = [
    ['Claim Number', c.claimNumber],
    ['Policy Number', s.policyId],
    ['Date Reported', s.dateClaimReported],
    ['Date of Loss', s.lossDate],
  ]
  if (isHomeowners) {
    facts.push(['Weather Related', s.weatherRelated === 'yes' ? 'Yes' : 'No'], ['Cause of Loss', c.peril], ['Detailed Cause', c.detailedCause])
  } else {
    facts.push(['Cause of Loss', c.peril])
  }
  facts.push(
    ['Loss Location', `${s.lossAddress}, ${s.lossCity}, ${s.lossState} ${s.lossZipCode}`],
    ['Insured', `${s.firstName} ${s.lastName}`.trim()],
    ['Home Phone', s.homePhone],
    ['Work Phone', s.workPhone],
    ['Mobile Phone', s.cellPhone],
    ['Preferred Contact', PREFERRED[s.preferredContact] ?? ''],
    ['Email', s.emailAddress],
    ['Reported By', s.claimReportedByName],
  )
  if (isHomeowners) facts.push(['Relationship', s.claimReportedByRelationship])
  facts.push(['Reporter Phone', s.claimReportedByPhone])

  const r = s.emergencyRepair
  const sections: PdfSection[] = [{ heading: 'Description of the Loss / Damages', lines: [s.lossDescription] }]
  const repairLines = [
    r.name && `Company: ${r.name}`,
    r.phone && `Phone: ${r.phone}`,
    r.email && `Email: ${r.email}`,
    r.address && `Address: ${[r.address, r.city, r.state, r.zipCode].filter(Boolean).join(', ')}`,
    r.serviceType && `Service: ${r.serviceType}${r.serviceTypeOptionalComment ? ` (${r.serviceTypeOptionalComment})` : ''}`,
    `National Vendor requested: ${r.assignNationalVendor === 'yes' ? 'Yes' : 'No'}`,
    r.serviceOptions.length > 0 && `Services needed: ${r.serviceOptions.map((code) => SERVICE_OPTIONS.find((o) => o.code === code)?.label ?? code).join(', ')}`,
  ].filter((line): line is string => typeof line === 'string' && line !== '')
  sections.push({ heading: 'Emergency Repairs', lines: repairLines })
  if (isHomeowners && s.mitigationComment) sections.push({ heading: 'Mitigation', lines: s.mitigationComment.split('\n') })
  if (c.fileNames.length > 0) sections.push({ heading: 'Photos and Files', lines: [...c.fileNames] })

  return renderPdf(
    {
      title: `Claim ${c.claimNumber}`,
      subject: `First notice of loss on policy ${s.policyId}`,
      created: new Date(c.reportedAt),
      creator: 'policyholder-portal',
    },
    [{ title: `Claim ${c.claimNumber}`, subtitle: `Policy ${s.policyId}`, facts, sections }],
  )
}
