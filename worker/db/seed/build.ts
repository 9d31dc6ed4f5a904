import type { z } from 'zod'
import type { policySchema } from '../../../shared/policy/schemas/policy'
import { agentFor, standardDocumentsFor } from './catalog'
import { addDays, addMonths, addYears } from './dates'

/** Builders shared by the demo policy definitions. Everything here is a pure function of its input. */

/** A policy document as the seed writes it (before the schema's defaults and derived names). */
type PolicyInput = z.input<typeof policySchema>

export interface PolicyDefinition {
  policyId: string
  /** Nickname when the policy is linked to a persona (max 20 characters). */
  nickname: string
  /** policies.send_to_progressive: serviced on the partner site. */
  sendToProgressive?: boolean
  build(): PolicyInput
}

export interface Insured {
  firstName: string
  lastName: string
  birthDate: string | null
  maritalStatus?: string
  homePhone?: string
  email?: string
}

export interface Address {
  address1: string
  address2?: string
  city: string
  state: string
  zipCode: string
}

export interface BaseFacts {
  policyId: string
  planId: string
  insured: Insured
  risk: Address & { county: string }
  mailing?: Address & { country?: string }
  inceptionDate: string
  effectiveDate: string
  postDate?: string
  /** Extra policy documents after the declarations page: [description, file slug]. */
  documents?: Array<[string, string]>
}

export const FLOOD_PLANS: readonly string[] = ['PRP', 'STD', 'MP3', 'EXC']

/** File name of a policy document: `{policyId}-{slug}.pdf`. */
export function docFile(policyId: string, slug: string): string {
  return `${policyId}-${slug}.pdf`
}

/** A complete policy document with sensible defaults; `o` overrides any field. */
export function basePolicy(f: BaseFacts, o: Partial<PolicyInput> = {}): PolicyInput {
  const isFlood = FLOOD_PLANS.includes(f.planId)
  const state = f.risk.state
  const documents = [
    { description: 'Declarations Dec Page', fileName: docFile(f.policyId, 'declarations') },
    ...(f.documents ?? []).map(([description, slug]) => ({ description, fileName: docFile(f.policyId, slug) })),
  ]
  const renewalDate = addYears(f.effectiveDate, 1)
  return {
    policyID: f.policyId,
    planId: f.planId,
    companyId: f.planId === 'EXC' ? '31' : isFlood ? '28' : '15',
    state,
    inceptionDate: f.inceptionDate,
    effectiveDate: f.effectiveDate,
    postDate: f.postDate ?? addDays(f.effectiveDate, -21),
    renewalDate,
    policyStatus: 'Active',
    underwritingStatus: '',
    floodZone: '',
    previousCancelled: false,
    isFlood,
    isExcessFlood: f.planId === 'EXC',
    isUmbrella: f.planId === 'UMB',
    isManufacturedHome: f.planId === 'MFH',
    eSignatureRequired: false,
    originalTransType: 'NB',
    applicationFileName: '',
    acknowledgement: '',
    policyStatements: [],
    policyDocuments: documents,
    standardDocuments: standardDocumentsFor(f.planId),
    policyPacketDocuments: [],
    claims: [],
    eSignatures: [],
    payments: [],
    features: {},
    ...agentFor(state),
    totalDue: 0,
    amountDue: 0,
    pastDue: 0,
    pastTermDue: 0,
    numberOfTermsDue: 0,
    paymentMessage: '',
    recentPayment: 0,
    eftFlag: false,
    dueDate: renewalDate,
    firstName: f.insured.firstName,
    lastName: f.insured.lastName,
    birthDate: f.insured.birthDate,
    maritalStatus: f.insured.maritalStatus ?? '',
    homePhone: f.insured.homePhone ?? '',
    email: f.insured.email ?? '',
    riskAddresses: [{ address2: '', ...f.risk }],
    mailingAddress: f.mailing ? { address2: '', country: 'USA', ...f.mailing } : mailingFrom(f.risk),
    mortgagees: [],
    additionalInterests: [],
    additionalNamedInsureds: [],
    ...o,
  }
}

/** The mailing address drops the county a risk address carries. */
export function mailingFrom(risk: Address): Address & { country: string } {
  return { address1: risk.address1, address2: risk.address2 ?? '', city: risk.city, state: risk.state, zipCode: risk.zipCode, country: 'USA' }
}

type Payment = NonNullable<PolicyInput['payments']>[number]

/**
 * Monthly installments, newest first: `count` payments of `amount` cents from `first`, paid by
 * check (numbered from `firstCheck`) when given, otherwise by EFT.
 */
export function installments(first: string, count: number, amount: number, firstCheck?: number): Payment[] {
  const rows: Payment[] = []
  for (let i = 0; i < count; i++) {
    const check = firstCheck === undefined ? '' : String(firstCheck + i)
    rows.push({
      postDate: addMonths(first, i),
      amount,
      checkNumber: check,
      description: check ? 'Installment Payment - Check' : 'Installment Payment - EFT',
    })
  }
  return rows.reverse()
}

/** A packet entry, posted `postBefore` days before it takes effect. */
export function packet(transactionType: 'NB' | 'EB' | 'RN', effectiveDate: string, postBefore = 21) {
  return { transactionType, effectiveDate, postDate: addDays(effectiveDate, -postBefore) }
}

const SHORT_ACKNOWLEDGEMENT =
  "<p><strong>Applicant's acknowledgement.</strong> The statements in the application are true and complete to the best of my knowledge.</p>"

/** A new business whose application awaits the applicant's e-signature: its statements numbered from 1. */
export function applicationToSign(policyId: string, statements: string[], acknowledgement = SHORT_ACKNOWLEDGEMENT) {
  return {
    eSignatureRequired: true,
    originalTransType: 'NB' as const,
    applicationFileName: docFile(policyId, 'application'),
    policyStatements: statements.map((statementText, i) => ({ statementId: i + 1, statementText })),
    acknowledgement,
  }
}
