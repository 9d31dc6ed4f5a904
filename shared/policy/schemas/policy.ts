import { z } from 'zod'
import { POLICY_NUMBER } from '../policy-number'
import { planDescription } from '../plans'
import { billingSchema } from '../changes/billing-plan'
import { formatDate } from '../../format'
import { coveragesSchema } from './coverages'

/**
 * The policy of record, as stored (JSON in D1 `policies.doc`) and as returned by GetPolicy.
 * Field names follow the specs. Dates are ISO `yyyy-mm-dd`; money is integer cents.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const cents = z.number().int()

const addressSchema = z.object({
  address1: z.string(),
  address2: z.string().default(''),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
})

const riskAddressSchema = addressSchema.extend({ county: z.string().default('') })
const mailingAddressSchema = addressSchema.extend({ country: z.string().default('USA') })

const mortgageeSchema = addressSchema.extend({
  type: z.enum(['Mortgagee', 'Lienholder']),
  name: z.string(),
  escrowFlag: z.string().default('0'),
  loanId: z.string().default(''),
  mortgageeId: z.number().int(),
})

const additionalInterestSchema = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string().default('USA'),
  type: z.string().default(''),
})

const additionalNamedInsuredSchema = addressSchema.extend({
  additionalNamedInsuredId: z.number().int(),
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  companyName: z.string().default(''),
  country: z.string().default('USA'),
})

const documentEntrySchema = z.object({ description: z.string(), fileName: z.string() })

const packetEntrySchema = z.object({
  transactionType: z.string(),
  effectiveDate: isoDate,
  postDate: isoDate,
})

const claimHistorySchema = z.object({
  claimID: z.string(),
  lossAmount: cents,
  lossDate: isoDate,
  peril: z.string(),
  status: z.string(),
})

const eSignatureHistorySchema = z.object({
  eSignature: z.string(),
  dateSigned: isoDate,
  statementText: z.string(),
})

const paymentHistorySchema = z.object({
  postDate: isoDate,
  amount: cents,
  checkNumber: z.string().default(''),
  description: z.string(),
})

const policyStatementSchema = z.object({
  statementId: z.number().int(),
  statementText: z.string(),
})

/** The stored fields; `policySchema` adds what is derived from them. */
export const policyRecordSchema = z.object({
  policyID: z.string().regex(POLICY_NUMBER),
  planId: z.string(),
  companyId: z.string(),
  state: z.string().length(2),
  inceptionDate: isoDate,
  effectiveDate: isoDate,
  postDate: isoDate,
  renewalDate: isoDate,
  policyStatus: z.string(),
  /** When a cancelled policy's cancellation took effect (issue 21 item 1: 'Cancelled since'); absent otherwise and on older documents. */
  cancellationDate: isoDate.optional(),
  underwritingStatus: z.string().default(''),
  floodZone: z.string().default(''),
  previousCancelled: z.boolean().default(false),
  isFlood: z.boolean(),
  isExcessFlood: z.boolean(),
  isUmbrella: z.boolean(),
  isManufacturedHome: z.boolean(),
  eSignatureRequired: z.boolean(),
  originalTransType: z.string().default('NB'),
  applicationFileName: z.string().default(''),
  acknowledgement: z.string().default(''),
  policyStatements: z.array(policyStatementSchema).default([]),
  policyDocuments: z.array(documentEntrySchema).default([]),
  standardDocuments: z.array(documentEntrySchema).default([]),
  policyPacketDocuments: z.array(packetEntrySchema).default([]),
  claims: z.array(claimHistorySchema).default([]),
  eSignatures: z.array(eSignatureHistorySchema).default([]),
  payments: z.array(paymentHistorySchema).default([]),
  features: z.record(z.string(), z.boolean()).default({}),
  agentName: z.string(),
  agentAddress1: z.string(),
  agentAddress2: z.string().default(''),
  agentCity: z.string(),
  agentState: z.string(),
  agentZipCode: z.string(),
  agentPhone: z.string(),
  agentEmail: z.string(),
  totalDue: cents,
  amountDue: cents,
  pastDue: cents,
  pastTermDue: cents.default(0),
  numberOfTermsDue: z.number().int().default(0),
  paymentMessage: z.string().default(''),
  recentPayment: cents.default(0),
  eftFlag: z.boolean().default(false),
  dueDate: isoDate,
  firstName: z.string(),
  lastName: z.string(),
  birthDate: isoDate.nullable().default(null),
  maritalStatus: z.string().default(''),
  homePhone: z.string().default(''),
  email: z.string().default(''),
  riskAddresses: z.array(riskAddressSchema).min(1),
  mailingAddress: mailingAddressSchema,
  mortgagees: z.array(mortgageeSchema).default([]),
  additionalInterests: z.array(additionalInterestSchema).default([]),
  additionalNamedInsureds: z.array(additionalNamedInsuredSchema).default([]),
  /** What the policy covers (issue 24); absent on documents written before coverages existed. */
  coverages: coveragesSchema.optional(),
  /** The billing plan chosen online (issue 34 item 5, decision 217); absent while the carrier's own bill applies. */
  billingPlan: billingSchema.optional(),
})

/** 'MM/dd/yyyy - MM/dd/yyyy': the term from the effective date to the renewal date. */
function policyTerm(p: { effectiveDate: string; renewalDate: string }): string {
  return `${formatDate(p.effectiveDate)} - ${formatDate(p.renewalDate)}`
}

/**
 * The policy as both specs read it: the stored fields plus the names spec 001 section 3 also uses
 * (policyId beside policyID, planID beside planId; spec 000 section 3 "policyID (also policyId)"), the
 * plan description and the policy term. Derived on every parse, never trusted from the stored JSON, so
 * an alias can never disagree with the field it names.
 */
export const policySchema = policyRecordSchema.transform((p) => ({
  ...p,
  policyId: p.policyID,
  planID: p.planId,
  planDescription: planDescription(p.planId),
  policyTerm: policyTerm(p),
}))

export type Policy = z.infer<typeof policySchema>
