import * as z from 'zod/mini'
import { CLAIM_MSG } from '../messages'
import { GENERAL_MSG } from '../../forms/general-validators'
import { isRealIsoDate, usToIso } from '../dates'
import {
  CLAIM_MAX,
  EMAIL_PATTERN,
  checkContact,
  emergencyRepairSchema,
  optionalPhone,
  policyIdField,
  preferredContactValue,
  requiredEmail,
  requiredPhone,
  requiredState,
  requiredText,
  requiredZip,
} from './claim-fields'

/**
 * The homeowners (non-flood) claim submission, spec 001 section 3 "Homeowners claim submission", with
 * the validation of section 5 "Claim (all forms)". ONE schema: the island validates with it before the
 * confirm modal opens, and `POST /v1/homeowners/FirstNoticeOfLoss/{policyId}` validates the
 * claimSubmission part with it. Beyond the spec's fields it carries what the form collects and would
 * otherwise drop: weatherRelated, causeOfLoss, preferredContact, confirmEmailAddress,
 * claimReportedByRelationship, and the National Vendor answer and checklist in emergencyRepair.
 *
 * `today` is the policyholder's date (shared/clock.ts localDate with the policy's state).
 */
export function homeownersClaimSchema(ctx: { today: string }) {
  return z
    .object({
      claimId: z.literal('', 'must be empty'),
      policyId: policyIdField,
      /** MM/dd/yyyy hh:mm:ss a. */
      dateClaimReported: z.string().check(z.regex(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/, 'must be MM/dd/yyyy hh:mm:ss a')),
      /** MM/dd/yyyy. */
      lossDate: z.string({ error: CLAIM_MSG.lossDateRequired }).check(
        z.trim(),
        z.minLength(1, CLAIM_MSG.lossDateRequired),
        z.refine((v) => v === '' || isRealIsoDate(usToIso(v)), CLAIM_MSG.lossDateInvalid),
        z.refine((v) => !isRealIsoDate(usToIso(v)) || usToIso(v) <= ctx.today, CLAIM_MSG.lossDateFuture),
      ),
      weatherRelated: z.string().check(z.refine((v) => v === 'yes' || v === 'no', CLAIM_MSG.weatherRequired)),
      causeOfLoss: requiredText(CLAIM_MSG.causeRequired, 100),
      /** The detailed cause: the claims matrix row's Id. */
      perilMappingId: z.int({ error: CLAIM_MSG.detailedCauseRequired }).check(z.positive(CLAIM_MSG.detailedCauseRequired)),
      lossDescription: requiredText(CLAIM_MSG.descriptionRequiredHomeowners, CLAIM_MAX.description),
      firstName: z.string().check(z.maxLength(100)),
      lastName: z.string().check(z.maxLength(100)),
      homePhone: optionalPhone,
      workPhone: optionalPhone,
      cellPhone: optionalPhone,
      preferredContact: preferredContactValue,
      /** '2' when the same-as-insured-location box is ticked, else '1'. */
      lossLocation: z.string().check(z.refine((v) => v === '1' || v === '2', 'must be 1 or 2')),
      lossAddress: requiredText(CLAIM_MSG.lossAddressRequired, CLAIM_MAX.address),
      lossCity: requiredText(CLAIM_MSG.cityRequired, CLAIM_MAX.city),
      lossState: requiredState,
      lossZipCode: requiredZip,
      lossCatCode: z.string().check(z.maxLength(20)),
      lossCatId: z.string().check(z.maxLength(20)),
      emailAddress: requiredEmail,
      confirmEmailAddress: requiredText(CLAIM_MSG.confirmEmailRequired, CLAIM_MAX.email).check(
        // spec 001: confirm email is "valid" with no words of its own: the general validator's message
        z.refine((v) => v === '' || EMAIL_PATTERN.test(v), GENERAL_MSG.email),
      ),
      claimReportedByName: requiredText(CLAIM_MSG.reportedByRequired, CLAIM_MAX.reportedBy),
      claimReportedByRelationship: requiredText(CLAIM_MSG.relationshipRequired, CLAIM_MAX.relationship),
      claimReportedByPhone: requiredPhone(CLAIM_MSG.reportedByPhoneRequired),
      shellClaim: z.boolean(),
      isPolicyActive: z.boolean(),
      /** Left empty: the PDF copy travels as the multipart `file` part, or the worker renders it. */
      pdfImage: z.string().check(z.maxLength(0, 'must be empty')),
      emergencyRepair: emergencyRepairSchema,
      mitigationComment: z.string().check(z.maxLength(200)),
      policyStatusText: z.string().check(z.maxLength(100)),
    })
    .check(z.superRefine((v, issues) => checkContact(v, issues, 'homeowners')))
}

export type HomeownersClaimSubmission = z.infer<ReturnType<typeof homeownersClaimSchema>>
