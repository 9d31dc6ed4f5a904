import type { FloodClaimSubmission } from './schemas/claim-flood'
import type { HomeownersClaimSubmission } from './schemas/claim-homeowners'
import type { EmergencyRepair } from './schemas/claim-fields'
import type { ClaimSeedData, ClaimsMatrixRow } from './api-shapes'
import { isoToUs, lossDateTimeText, reportTimestamp } from './dates'
import { lossLocationCode } from './location'
import { detailedCauseFacts, rowById } from './matrix'
import { mitigationComment } from './mitigation'
import type { VendorAnswer } from './emergency-repairs'

/**
 * The claim forms' values and the submissions built from them (spec 001 section 3). The builders are
 * total: they always return a submission, and the form's schema decides whether it may be sent.
 */

export interface InsuredValues {
  firstName: string
  lastName: string
  homePhone: string
  workPhone: string
  cellPhone: string
  /** '' | '1' Home | '2' Work | '3' Mobile. */
  preferredContact: string
  email: string
  confirmEmail: string
}

export interface ReporterValues {
  name: string
  /** Non-flood only. */
  relationship: string
  phone: string
}

export interface LossLocationValues {
  /** Non-flood only: the same-as-insured-location box. */
  sameAsInsured: boolean
  address: string
  city: string
  state: string
  zipCode: string
}

export interface EmergencyRepairValues {
  name: string
  phone: string
  email: string
  address: string
  city: string
  state: string
  zipCode: string
  serviceType: string
  serviceTypeComment: string
  assignVendor: VendorAnswer
  serviceOptions: number[]
}

export interface FloodFormValues {
  /** yyyy-mm-dd and HH:mm. */
  lossDate: string
  lossTime: string
  description: string
  insured: InsuredValues
  reporter: ReporterValues
  location: LossLocationValues
  repairs: EmergencyRepairValues
}

export interface HomeownersFormValues {
  /** yyyy-mm-dd. */
  lossDate: string
  weather: '' | 'yes' | 'no'
  /** The cause of loss (a PerilDescription). */
  cause: string
  /** The detailed cause: the matrix row's Id, as the select's value. */
  detailedCause: string
  /** Mitigation codes the user asked for in the mitigation section. */
  mitigationRequested: number[]
  description: string
  insured: InsuredValues
  reporter: ReporterValues
  location: LossLocationValues
  repairs: EmergencyRepairValues
}

export interface SubmissionContext {
  policyId: string
  /** The policy's state: the report time is on the policyholder's clock. */
  state: string
  /** When the claim was reported (epoch ms). */
  reportedAt: number
}

export function emptyInsured(prefill: Partial<InsuredValues> = {}): InsuredValues {
  return { firstName: '', lastName: '', homePhone: '', workPhone: '', cellPhone: '', preferredContact: '', email: '', confirmEmail: '', ...prefill }
}

export const EMPTY_REPORTER: ReporterValues = { name: '', relationship: '', phone: '' }

/** Empty, editable loss-location fields: the form's start, and what unticking same-as-insured leaves. */
export function emptyLocation(prefill: Partial<LossLocationValues> = {}): LossLocationValues {
  return { sameAsInsured: false, address: '', city: '', state: '', zipCode: '', ...prefill }
}

export function emptyRepairs(): EmergencyRepairValues {
  return {
    name: '',
    phone: '',
    email: '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
    serviceType: '',
    serviceTypeComment: '',
    assignVendor: '',
    serviceOptions: [],
  }
}

function emergencyRepairOf(r: EmergencyRepairValues): EmergencyRepair {
  return {
    name: r.name,
    phone: r.phone,
    email: r.email,
    address: r.address,
    city: r.city,
    state: r.state,
    zipCode: r.zipCode,
    serviceType: r.serviceType,
    serviceTypeOptionalComment: r.serviceTypeComment,
    assignNationalVendor: r.assignVendor,
    serviceOptions: r.assignVendor === 'yes' ? [...r.serviceOptions] : [],
  }
}

/** Spec 001 section 3 "Flood claim submission" (+ emergencyRepair, preferredContact, confirmEmailAddress). */
export function buildFloodSubmission(v: FloodFormValues, ctx: SubmissionContext): FloodClaimSubmission {
  return {
    claimId: '',
    policyId: ctx.policyId,
    dateClaimReported: reportTimestamp(ctx.reportedAt, ctx.state),
    lossDate: v.lossDate && v.lossTime ? lossDateTimeText(v.lossDate, v.lossTime) : isoToUs(v.lossDate),
    lossDescription: v.description,
    firstName: v.insured.firstName,
    lastName: v.insured.lastName,
    homePhone: v.insured.homePhone,
    workPhone: v.insured.workPhone,
    cellPhone: v.insured.cellPhone,
    preferredContact: v.insured.preferredContact,
    emailAddress: v.insured.email,
    confirmEmailAddress: v.insured.confirmEmail,
    lossAddress: v.location.address,
    lossCity: v.location.city,
    lossState: v.location.state,
    lossZipCode: v.location.zipCode,
    claimReportedByName: v.reporter.name,
    claimReportedByPhone: v.reporter.phone,
    emergencyRepair: emergencyRepairOf(v.repairs),
  }
}

export interface HomeownersContext extends SubmissionContext {
  matrix: readonly ClaimsMatrixRow[]
  seed: ClaimSeedData | null
  policyStatus: string
}

/** Spec 001 section 3 "Homeowners claim submission" (+ the collected extras, see the schema). */
export function buildHomeownersSubmission(v: HomeownersFormValues, ctx: HomeownersContext): HomeownersClaimSubmission {
  const row = v.detailedCause ? rowById(ctx.matrix, v.detailedCause) : undefined
  const { perilMappingId } = detailedCauseFacts(row)
  return {
    claimId: '',
    policyId: ctx.policyId,
    dateClaimReported: reportTimestamp(ctx.reportedAt, ctx.state),
    lossDate: isoToUs(v.lossDate),
    weatherRelated: v.weather,
    causeOfLoss: v.cause,
    perilMappingId,
    lossDescription: v.description,
    firstName: ctx.seed?.InsuredFirstName ?? v.insured.firstName,
    lastName: ctx.seed?.InsuredLastName ?? v.insured.lastName,
    homePhone: v.insured.homePhone,
    workPhone: v.insured.workPhone,
    cellPhone: v.insured.cellPhone,
    preferredContact: v.insured.preferredContact,
    lossLocation: lossLocationCode(v.location.sameAsInsured),
    lossAddress: v.location.address,
    lossCity: v.location.city,
    lossState: v.location.state,
    lossZipCode: v.location.zipCode,
    lossCatCode: '',
    lossCatId: '',
    emailAddress: v.insured.email,
    confirmEmailAddress: v.insured.confirmEmail,
    claimReportedByName: v.reporter.name,
    claimReportedByRelationship: v.reporter.relationship,
    claimReportedByPhone: v.reporter.phone,
    shellClaim: ctx.seed?.ShellClaim ?? false,
    isPolicyActive: ctx.seed?.IsPolicyActive ?? false,
    pdfImage: '',
    emergencyRepair: emergencyRepairOf(v.repairs),
    mitigationComment: mitigationComment(v.mitigationRequested),
    policyStatusText: ctx.policyStatus,
  }
}
