import { esignFieldErrors, esignSubmissionSchema, type ESignFieldErrors, type ESignProps, type ESignSubmission } from './schemas/esign'
import { TERMS_VERSION } from './terms'

/** What the user has entered on the screen. */
export interface ESignValues {
  initials: string[]
  agreeToTerms: boolean
  applicantSignature: string
}

/**
 * The spec's e-sign submission (spec 000 section 3) from the page's facts and the user's entries:
 * userId is sent empty; the statements go back exactly as they were shown, each with its initials.
 * The island builds it from its state, the no-script form (worker/pages/esign) from the posted fields.
 */
export function buildSubmission(props: Pick<ESignProps, 'policyId' | 'facts' | 'statements'>, values: ESignValues) {
  return {
    policyId: props.policyId,
    inceptionDate: props.facts.inceptionDate,
    effectiveDate: props.facts.effectiveDate,
    postDate: props.facts.postDate,
    userId: '' as const,
    companyId: props.facts.companyId,
    planId: props.facts.planId,
    state: props.facts.state,
    signatures: props.statements.map((s, i) => ({
      statementId: s.statementId,
      statementText: s.statementText,
      eSignature: values.initials[i] ?? '',
    })),
    agreeToTerms: values.agreeToTerms,
    termsVersion: TERMS_VERSION,
    applicantSignature: values.applicantSignature,
  }
}

export type ESignValidation = { ok: true; submission: ESignSubmission; errors: ESignFieldErrors } | { ok: false; errors: ESignFieldErrors }

/** Spec 000 section 5 "E-sign", through the shared schema: the same rules the server applies. */
export function validateESign(props: Pick<ESignProps, 'policyId' | 'facts' | 'statements'>, values: ESignValues): ESignValidation {
  const parsed = esignSubmissionSchema.safeParse(buildSubmission(props, values))
  return parsed.success ? { ok: true, submission: parsed.data, errors: {} } : { ok: false, errors: esignFieldErrors(parsed.error) }
}

export function emptyValues(statementCount: number): ESignValues {
  return { initials: Array.from({ length: statementCount }, () => ''), agreeToTerms: false, applicantSignature: '' }
}
