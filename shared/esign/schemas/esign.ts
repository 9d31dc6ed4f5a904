import * as z from 'zod/mini'
import { POLICY_NUMBER } from '../../policy/policy-number'
import { isString, recordOf } from '../../forms/record-of'

/**
 * The e-sign submission (spec 000 section 3 "E-sign submission") with the validation of section 5
 * "E-sign". ONE schema: the island validates with it before posting, the no-script form on /e-sign and
 * `POST /v1/homeowners/PostESignatures/{policyId}` validate with it on the server.
 *
 * zod/mini, because this ships to the browser inside the e-sign island.
 */

/** Spec 000 section 5 "E-sign", verbatim. */
export const ESIGN_MSG = {
  initialsRequired: 'Initials are required',
  /** Spec 000 section 5 "General validators" wording; the input's maxlength keeps the screen from reaching it. */
  initialsMax: 'The maximum length allowed is 3',
  termsRequired: 'Please check the box to agree to the terms and conditions before proceeding.',
  signatureRequired: 'The Applicant Signature field is required.',
} as const

/** Spec 000 section 9: initials maximum 3. */
export const INITIALS_MAX = 3
/** A typed full name; long enough for any real name, short enough to refuse junk. */
export const SIGNATURE_MAX = 100

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a yyyy-mm-dd date'))

export const esignStatementSchema = z.object({
  statementId: z.int(),
  /** The statement exactly as it was shown; the server refuses a text that differs from the policy's. */
  statementText: z.string().check(z.maxLength(4000)),
  /** The initials typed beside the statement. */
  eSignature: z
    .string({ error: ESIGN_MSG.initialsRequired })
    .check(z.trim(), z.minLength(1, ESIGN_MSG.initialsRequired), z.maxLength(INITIALS_MAX, ESIGN_MSG.initialsMax)),
})

export const esignSubmissionSchema = z.object({
  policyId: z.string().check(z.regex(POLICY_NUMBER, 'must be a policy number')),
  inceptionDate: isoDate,
  effectiveDate: isoDate,
  postDate: isoDate,
  /** Sent empty (spec 000 section 6): the signer is the session's user, never a value the client names. */
  userId: z.literal('', 'must be empty'),
  companyId: z.string().check(z.maxLength(20)),
  planId: z.string().check(z.maxLength(10)),
  state: z.string().check(z.length(2)),
  /** The statements with their initials, in the order they were shown (step 2). */
  signatures: z.array(esignStatementSchema).check(z.maxLength(50)),
  /** The terms checkbox (step 3): the consent to do business electronically. */
  agreeToTerms: z.literal(true, ESIGN_MSG.termsRequired),
  /** Which terms and disclosures were shown (esignTerms().version); the server records it. */
  termsVersion: z.string().check(z.minLength(1), z.maxLength(40)),
  /** The typed full name (step 3). */
  applicantSignature: z
    .string({ error: ESIGN_MSG.signatureRequired })
    .check(z.trim(), z.minLength(1, ESIGN_MSG.signatureRequired), z.maxLength(SIGNATURE_MAX, `The maximum length allowed is ${SIGNATURE_MAX}`)),
})

export type ESignSubmission = z.infer<typeof esignSubmissionSchema>

/** Field keys of the screen, which are also the no-script form's input names. */
export const initialsField = (index: number): string => `initials-${index}`
export const TERMS_FIELD = 'agreeToTerms'
export const SIGNATURE_FIELD = 'applicantSignature'

/** The screen's fields in their order: each statement's initials, the terms box, the full name. */
export function esignFieldOrder(statementCount: number): string[] {
  return [...Array.from({ length: statementCount }, (_, i) => initialsField(i)), TERMS_FIELD, SIGNATURE_FIELD]
}

export type ESignFieldErrors = Record<string, string>

/**
 * The first message per screen field ('initials-0', 'agreeToTerms', 'applicantSignature'); problems
 * no screen field can show (a tampered policy fact) are keyed by their path.
 */
export function esignFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ESignFieldErrors {
  const out: ESignFieldErrors = {}
  for (const issue of error.issues) {
    const [first, index] = issue.path
    const key = first === 'signatures' && typeof index === 'number' ? initialsField(index) : issue.path.map(String).join('.') || '(root)'
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

/** The first field in error in screen order, for the focus move. */
export function firstESignError(errors: ESignFieldErrors, statementCount: number): string | undefined {
  return esignFieldOrder(statementCount).find((f) => f in errors) ?? Object.keys(errors)[0]
}

/** Spec 000 "E-Signature screen", verbatim with the policy id; its Spanish for a Spanish signer (issue 36), stored as shown. */
export function consentLabel(policyId: string, locale: 'en' | 'es' = 'en'): string {
  return locale === 'es'
    ? `Acepto realizar esta transacción de la póliza ${policyId} electrónicamente, según los términos y condiciones`
    : `I agree to conduct this transaction for policy ${policyId} electronically pursuant to the terms & conditions`
}

// ---------------------------------------------------------------- the island's props

/** A path on this site, never another origin. */
const sitePath = z.string().check(z.regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site'))

/**
 * Props of the e-sign island (registered in shared/forms/islands.ts). Public display data only:
 * the policy facts the submission echoes, links to the documents, the statements, the acknowledgement
 * HTML (sanitized by the worker before it gets here), and the no-script form's values and errors when
 * the server re-renders a refused form.
 */
export const esignPropsSchema = z.strictObject({
  policyId: z.string().check(z.regex(POLICY_NUMBER)),
  facts: z.strictObject({
    inceptionDate: isoDate,
    effectiveDate: isoDate,
    postDate: isoDate,
    companyId: z.string(),
    planId: z.string(),
    state: z.string().check(z.length(2)),
  }),
  /** Step 1: the application and, when present, the 'CEA Application'. */
  documents: z.array(z.strictObject({ label: z.string(), href: sitePath })),
  /** Step 2. */
  statements: z.array(z.strictObject({ statementId: z.int(), statementText: z.string() })),
  /** Step 3: sanitized server-side (worker/render/sanitize.ts). */
  acknowledgementHtml: z.string(),
  agentName: z.string(),
  agentPhone: z.string(),
  supportPhone: z.string(),
  /** The no-script form posts here ('/e-sign'); the island posts JSON to postUrl. */
  formAction: sitePath,
  postUrl: sitePath,
  signLaterUrl: sitePath,
  systemMessageUrl: sitePath,
  errorUrl: sitePath,
  logUrl: sitePath,
  /** The no-script form's one-time token (hidden input FORM_TOKEN_FIELD): a double submit signs once. */
  formToken: z.optional(z.string()),
  /** Set when the server re-renders the no-script form after a refused post. */
  values: z.optional(
    z.strictObject({
      initials: z.array(z.string()),
      agreeToTerms: z.boolean(),
      applicantSignature: z.string(),
    }),
  ),
  errors: z.optional(recordOf(isString)),
  /** The screen's words in the page's language (issue 36: shared/esign/texts.ts, one language's strings). */
  texts: recordOf(isString),
  /** The terms and conditions as the page's language writes them (esignTerms): the island shows them, the server stores the same. */
  terms: z.strictObject({
    version: z.string(),
    title: z.string(),
    sections: z.array(
      z.strictObject({
        id: z.enum(['consent', 'paper-copies', 'withdrawal', 'discount', 'hardware-software', 'contact-details', 'california']),
        heading: z.string(),
        paragraphs: z.array(z.string()),
        items: z.optional(z.array(z.string())),
      }),
    ),
  }),
})
export type ESignProps = z.infer<typeof esignPropsSchema>
