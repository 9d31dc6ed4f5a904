import { describe, expect, it } from 'vitest'
import { consentLabel, esignFieldErrors, esignFieldOrder, esignSubmissionSchema, firstESignError, ESIGN_MSG } from '../../shared/esign/schemas/esign'
import { buildSubmission, emptyValues, validateESign } from '../../shared/esign/submission'
import { esignTerms, termsText, TERMS_VERSION } from '../../shared/esign/terms'
import { outcomeOf } from '../../islands/e-sign/submit'
import { apiAnswer } from '../../islands/ui/api'
import { applicationDocuments, documentOf, isESignDocumentKind } from '../../worker/services/esign/esign-documents'
import type { z } from 'zod'
import { policySchema } from '../../shared/policy/schemas/policy'

/** Spec 000 section 5 "E-sign", section 3 "E-sign submission", section 4 "E-sign", from the spec's wording. */

const page = {
  policyId: 'HOM4010001',
  facts: { inceptionDate: '2025-11-15', effectiveDate: '2026-11-15', postDate: '2026-10-01', companyId: '15', planId: 'HO3', state: 'CA' },
  statements: [
    { statementId: 1, statementText: 'First statement.' },
    { statementId: 2, statementText: 'Second statement.' },
  ],
}
const valid = { initials: ['MD', 'MD'], agreeToTerms: true, applicantSignature: 'Maria Delgado' }

describe('e-sign validation messages (spec 000 section 5)', () => {
  it('are the spec texts, verbatim', () => {
    expect(ESIGN_MSG.initialsRequired).toBe('Initials are required')
    expect(ESIGN_MSG.termsRequired).toBe('Please check the box to agree to the terms and conditions before proceeding.')
    expect(ESIGN_MSG.signatureRequired).toBe('The Applicant Signature field is required.')
  })

  it.each<[string, Partial<typeof valid>, Record<string, string>]>([
    [
      'everything empty',
      emptyValues(2),
      {
        'initials-0': 'Initials are required',
        'initials-1': 'Initials are required',
        agreeToTerms: 'Please check the box to agree to the terms and conditions before proceeding.',
        applicantSignature: 'The Applicant Signature field is required.',
      },
    ],
    ['blank initials', { initials: ['MD', '   '] }, { 'initials-1': 'Initials are required' }],
    ['initials of 4 characters', { initials: ['ABCD', 'MD'] }, { 'initials-0': 'The maximum length allowed is 3' }],
    ['initials of 3 characters', { initials: ['ABC', 'M'] }, {}],
    ['terms unchecked', { agreeToTerms: false }, { agreeToTerms: 'Please check the box to agree to the terms and conditions before proceeding.' }],
    ['blank full name', { applicantSignature: '  \t ' }, { applicantSignature: 'The Applicant Signature field is required.' }],
    ['all valid', {}, {}],
  ])('%s', (_name, change, errors) => {
    const result = validateESign(page, { ...valid, ...change })
    expect(result.errors).toEqual(errors)
    expect(result.ok).toBe(Object.keys(errors).length === 0)
  })

  it('trims the initials and the name it sends', () => {
    const result = validateESign(page, { ...valid, initials: [' md ', 'MD'], applicantSignature: '  Maria Delgado ' })
    expect(result.ok && result.submission.signatures[0]!.eSignature).toBe('md')
    expect(result.ok && result.submission.applicantSignature).toBe('Maria Delgado')
  })

  it('puts the screen fields in order: initials, terms box, full name; the first in error gets focus', () => {
    expect(esignFieldOrder(2)).toEqual(['initials-0', 'initials-1', 'agreeToTerms', 'applicantSignature'])
    expect(firstESignError({ applicantSignature: 'x', 'initials-1': 'y' }, 2)).toBe('initials-1')
    expect(firstESignError({ applicantSignature: 'x', agreeToTerms: 'y' }, 2)).toBe('agreeToTerms')
    expect(firstESignError({}, 2)).toBeUndefined()
  })
})

describe('the e-sign submission (spec 000 section 3)', () => {
  it('carries the policy facts, userId empty, and each statement with its initials', () => {
    const s = buildSubmission(page, valid)
    expect(s).toEqual({
      policyId: 'HOM4010001',
      inceptionDate: '2025-11-15',
      effectiveDate: '2026-11-15',
      postDate: '2026-10-01',
      userId: '',
      companyId: '15',
      planId: 'HO3',
      state: 'CA',
      signatures: [
        { statementId: 1, statementText: 'First statement.', eSignature: 'MD' },
        { statementId: 2, statementText: 'Second statement.', eSignature: 'MD' },
      ],
      agreeToTerms: true,
      termsVersion: TERMS_VERSION,
      applicantSignature: 'Maria Delgado',
    })
    expect(esignSubmissionSchema.safeParse(s).success).toBe(true)
  })

  it('refuses a user id: the signer is the session, never a value the client names', () => {
    const r = esignSubmissionSchema.safeParse({ ...buildSubmission(page, valid), userId: 'maria.multi' })
    expect(r.success).toBe(false)
    expect(r.success ? {} : esignFieldErrors(r.error)).toHaveProperty('userId')
  })

  it("labels the consent checkbox with the spec's sentence and the policy id", () => {
    expect(consentLabel('HOM4010001')).toBe('I agree to conduct this transaction for policy HOM4010001 electronically pursuant to the terms & conditions')
  })
})

describe('outcome of the e-sign post (spec 000 section 4 "E-sign", section 7)', () => {
  it.each([
    [200, 'Thank you.', { kind: 'success', text: 'Thank you.' }],
    [202, 'Changed.', { kind: 'failure', text: 'Changed.' }],
    [200, '', { kind: 'empty' }],
    [202, '  ', { kind: 'empty' }],
    [201, 'x', { kind: 'unexpected', status: 201, message: null }],
    [204, '', { kind: 'unexpected', status: 204, message: null }],
    [400, 'x', { kind: 'unexpected', status: 400, message: null }],
    [500, '', { kind: 'unexpected', status: 500, message: null }],
    [503, '<html>busy</html>', { kind: 'unexpected', status: 503, message: null }],
    [503, '{"errorMessage":"Try again."}', { kind: 'unexpected', status: 503, message: 'Try again.' }],
    [
      503,
      '{"type":"/v1/problems/store-unavailable","title":"t","status":503,"detail":"Try again.","errorMessage":"Try again."}',
      { kind: 'unexpected', status: 503, message: 'Try again.' },
    ],
    [500, '{"errorMessage":"Not ours to show."}', { kind: 'unexpected', status: 500, message: null }],
  ])('%i %j', (status, text, outcome) => {
    const contentType = text.startsWith('{"type"') ? 'application/problem+json' : text.startsWith('{') ? 'application/json' : 'text/plain'
    expect(outcomeOf(apiAnswer(status, contentType, text))).toEqual(outcome)
  })
})

describe('terms and conditions (ESIGN consent disclosures)', () => {
  const ca = esignTerms({ policyId: 'HOM4010001', state: 'CA', supportPhone: '1-800-555-0134' })
  const nc = esignTerms({ policyId: 'HOM4040001', state: 'NC', supportPhone: '1-800-555-0134' })

  it('disclose paper copies, withdrawal, hardware and software, and the discount rule for everyone', () => {
    for (const t of [ca, nc]) {
      const ids = t.sections.map((s) => s.id)
      expect(ids).toEqual(expect.arrayContaining(['consent', 'paper-copies', 'withdrawal', 'discount', 'hardware-software']))
      const text = termsText(t)
      expect(text).toContain('free of charge')
      expect(text).toContain('withdraw your consent at any time')
      expect(text).toContain('withdrawing your consent or failing to sign electronically removes that discount')
      expect(text).toContain('1-800-555-0134')
    }
  })

  it('add the California summary with Adobe Acrobat Reader 4.0 or greater only for California', () => {
    expect(ca.sections.at(-1)?.id).toBe('california')
    expect(termsText(ca)).toContain('Adobe Acrobat Reader 4.0 or greater')
    expect(nc.sections.some((s) => s.id === 'california')).toBe(false)
    expect(termsText(nc)).not.toContain('Adobe Acrobat Reader')
  })

  it('name the policy and carry their version', () => {
    expect(termsText(ca)).toContain('policy HOM4010001')
    expect(termsText(ca).split('\n')[1]).toBe(`Version: ${TERMS_VERSION}`)
  })
})

describe('documents of the e-sign screen', () => {
  const base: z.input<typeof policySchema> = {
    policyID: 'HOM4010001',
    planId: 'HO3',
    companyId: '15',
    state: 'CA',
    inceptionDate: '2025-11-15',
    effectiveDate: '2026-11-15',
    postDate: '2026-10-01',
    renewalDate: '2027-11-15',
    policyStatus: 'Active',
    isFlood: false,
    isExcessFlood: false,
    isUmbrella: false,
    isManufacturedHome: false,
    eSignatureRequired: true,
    agentName: 'A',
    agentAddress1: 'B',
    agentCity: 'C',
    agentState: 'CA',
    agentZipCode: '95831',
    agentPhone: '916-555-0142',
    agentEmail: 'a@example.com',
    totalDue: 0,
    amountDue: 0,
    pastDue: 0,
    dueDate: '2026-12-15',
    firstName: 'Maria',
    lastName: 'Delgado',
    riskAddresses: [{ address1: '1', city: 'S', state: 'CA', zipCode: '95831' }],
    mailingAddress: { address1: '1', city: 'S', state: 'CA', zipCode: '95831' },
    applicationFileName: 'HOM4010001-application.pdf',
    policyDocuments: [
      { description: 'Declarations Dec Page', fileName: 'HOM4010001-declarations.pdf' },
      { description: 'Application', fileName: 'HOM4010001-application.pdf' },
      { description: 'CEA Application', fileName: 'HOM4010001-cea-application.pdf' },
    ],
  }

  it("step 1 links the application and, when present, the 'CEA Application'", () => {
    const p = policySchema.parse(base)
    expect(applicationDocuments(p).map((d) => [d.kind, d.label, d.key])).toEqual([
      ['application', 'Application', 'policies/HOM4010001/documents/HOM4010001-application.pdf'],
      ['cea-application', 'CEA Application', 'policies/HOM4010001/documents/HOM4010001-cea-application.pdf'],
    ])
    const noCea = policySchema.parse({ ...base, policyDocuments: base.policyDocuments!.slice(0, 2) })
    expect(applicationDocuments(noCea).map((d) => d.kind)).toEqual(['application'])
  })

  it("the renewal's declarations page is the document whose description contains 'Dec Page'", () => {
    const p = policySchema.parse(base)
    expect(documentOf(p, 'declarations')?.fileName).toBe('HOM4010001-declarations.pdf')
    expect(documentOf(policySchema.parse({ ...base, policyDocuments: [] }), 'declarations')).toBeNull()
  })

  it('never builds a key from an unsafe file name, and knows only its three kinds', () => {
    const p = policySchema.parse({ ...base, applicationFileName: '../../etc/passwd', policyDocuments: [] })
    expect(documentOf(p, 'application')).toBeNull()
    expect(isESignDocumentKind('declarations')).toBe(true)
    expect(isESignDocumentKind('../x')).toBe(false)
  })
})
