import * as z from 'zod/mini'
import { POLICY_NUMBER } from '../../policy/policy-number'
import type { ReportClaimIslandTexts } from '../texts/report-claim-island'

/**
 * Props of the report-claim island (registered in shared/forms/islands.ts). Public display data
 * only: the policy facts the forms need (ids, family, plan, state, status, period, the insured's name,
 * phone, email and risk address for the flood prefill), the claims phone line and the addresses the
 * island calls. Never a date of birth, a token or a secret. Exclusions, endorsements, deductibles and
 * the fraud warning arrive with GetPolicySeedDataForClaim for the date of loss.
 */

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a yyyy-mm-dd date'))
/** A map of strings (texts travel as JSON): the island's texts, or its form's messages in the page's language. */
const isStringMap = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((t) => typeof t === 'string')
const sitePath = z.string().check(z.regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site'))

export const reportClaimPropsSchema = z.strictObject({
  policyId: z.string().check(z.regex(POLICY_NUMBER)),
  family: z.enum(['flood', 'homeowners']),
  planId: z.string().check(z.maxLength(10)),
  /** The policy's state: its time zone is the policyholder's clock. */
  state: z.string().check(z.length(2)),
  policyStatus: z.string().check(z.maxLength(100)),
  policyPeriod: z.strictObject({ effectiveDate: isoDate, expirationDate: isoDate }),
  /** When the page was opened (epoch ms): the report date and time the form shows. */
  reportedAt: z.int().check(z.nonnegative()),
  insured: z.strictObject({
    firstName: z.string(),
    lastName: z.string(),
    homePhone: z.string(),
    email: z.string(),
  }),
  riskAddress: z.strictObject({ address: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }),
  claimsPhone: z.string(),
  /** '/v1/{family}/GetClaimsMatrix' and '/v1/{family}/GetPolicySeedDataForClaim' (query added by the island). */
  matrixUrl: sitePath,
  seedUrl: sitePath,
  /** '/v1/{family}/FirstNoticeOfLoss/{policyId}'. */
  submitUrl: sitePath,
  /** '/v1/{family}/ClaimDraft/{policyId}': the draft kept as the user types; none without it. */
  draftUrl: z.optional(sitePath),
  cancelUrl: sitePath,
  systemMessageUrl: sitePath,
  logUrl: sitePath,
  /** The page's language (issue 36): the report date's format. */
  locale: z.enum(['en', 'es']),
  /** The island's texts in the page's language (issue 36): one language's object from reportClaimIslandTexts. */
  texts: z.custom<ReportClaimIslandTexts>(isStringMap),
  /** The form's validation messages: English text -> the page's language (empty in English). */
  messages: z.custom<Readonly<Record<string, string>>>(isStringMap),
  /** The loss facts of the claim on the other policy of the same home this one is reported after (decision 213). */
  carried: z.optional(
    z.strictObject({
      lossDate: isoDate,
      lossTime: z.string().check(z.regex(/^(\d{2}:\d{2})?$/)),
      description: z.string().check(z.maxLength(2000)),
      homePhone: z.string().check(z.maxLength(20)),
      workPhone: z.string().check(z.maxLength(20)),
      cellPhone: z.string().check(z.maxLength(20)),
      preferredContact: z.string().check(z.maxLength(1)),
      email: z.string().check(z.maxLength(100)),
      reporterName: z.string().check(z.maxLength(100)),
      reporterPhone: z.string().check(z.maxLength(20)),
      reporterRelationship: z.string().check(z.maxLength(50)),
    }),
  ),
})
export type ReportClaimProps = z.infer<typeof reportClaimPropsSchema>
