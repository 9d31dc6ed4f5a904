import { consentLabel, type ESignProps } from '../../shared/esign/schemas/esign'
import { ESIGN_ISLAND_TEXTS } from '../../shared/esign/texts'
import { esignTerms } from '../../shared/esign/terms'

/** Props of an e-sign island: a California homeowners policy with three statements to initial. */
export const esignProps: ESignProps = {
  policyId: 'HOM4010001',
  facts: { inceptionDate: '2025-11-15', effectiveDate: '2026-11-15', postDate: '2026-10-01', companyId: '15', planId: 'HO3', state: 'CA' },
  documents: [
    { label: 'Application', href: '/e-sign/document/application' },
    { label: 'CEA Application', href: '/e-sign/document/cea-application' },
  ],
  statements: [
    { statementId: 1, statementText: 'I understand the earthquake exclusion.' },
    { statementId: 2, statementText: 'No business is conducted on the premises.' },
    { statementId: 3, statementText: 'I declined Identity Fraud Expense coverage.' },
  ],
  acknowledgementHtml: "<p><strong>Applicant's acknowledgement.</strong> The statements are true.</p>",
  agentName: 'Golden State Insurance Agency',
  agentPhone: '916-555-0142',
  supportPhone: '1-800-555-0134',
  formAction: '/e-sign',
  postUrl: '/v1/homeowners/PostESignatures/HOM4010001',
  signLaterUrl: '/policy-information',
  systemMessageUrl: '/system-message',
  errorUrl: '/error',
  logUrl: '/v1/common/Log',
  // The page's English words and terms, as worker/pages/esign/e-sign.tsx sends them (issue 36).
  texts: { ...ESIGN_ISLAND_TEXTS.en, consentLabel: consentLabel('HOM4010001') },
  terms: esignTerms({ policyId: 'HOM4010001', state: 'CA', supportPhone: '1-800-555-0134' }),
}
