import * as z from 'zod/mini'
import { ESIGN_MSG, esignStatementSchema, esignSubmissionSchema, type ESignSubmission } from './schemas/esign'
import { TERMS_VERSION } from './terms'

/*
 * The e-sign submission as the API accepts it from any client. Kept apart from shared/esign/schemas/esign.ts,
 * which ships inside the e-sign island (the island always sends every field).
 */

/**
 * The submission exactly as spec 000 section 3 gives it: policyId, inceptionDate, effectiveDate,
 * postDate, userId (sent empty), companyId, planId, state, applicantSignature, signatures (the
 * statements with their initials). What the spec does not send may be left out: the terms box (a
 * client posts only once it is checked; false is still refused), the terms version (the server knows
 * which terms it showed) and a statement's id (the statements are matched in order, by text). Accepted
 * by `POST /v1/homeowners/PostESignatures/{policyId}`; completeSubmission() below fills the rest.
 */
export const esignSpecSubmissionSchema = z.extend(esignSubmissionSchema, {
  signatures: z.array(z.extend(esignStatementSchema, { statementId: z.optional(z.int()) })).check(z.maxLength(50)),
  agreeToTerms: z.optional(z.literal(true, ESIGN_MSG.termsRequired)),
  termsVersion: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
})

export type ESignSpecSubmission = z.infer<typeof esignSpecSubmissionSchema>

/**
 * The spec's payload completed from what the server showed: the terms of this version (the only
 * ones it presents), the box agreed (a client posts only once it is checked), and each statement's id
 * from the policy's statement at that position. Nothing is taken on trust: the signer still compares
 * every fact and statement text with the policy of record.
 */
export function completeSubmission(body: ESignSpecSubmission, shownStatements: readonly { statementId: number }[]): ESignSubmission {
  return {
    ...body,
    signatures: body.signatures.map((s, i) => ({ ...s, statementId: s.statementId ?? shownStatements[i]?.statementId ?? -1 })),
    agreeToTerms: true,
    termsVersion: body.termsVersion ?? TERMS_VERSION,
  }
}
