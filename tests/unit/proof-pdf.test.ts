import { describe, expect, it } from 'vitest'
import { PDFDocument, PDFName } from 'pdf-lib'
import personas from '../fixtures/personas.json'
import type { Policy } from '../../shared/policy/schemas/policy'
import { manifestSchema } from '../../worker/db/seed/manifest'
import { buildSeedPolicies } from '../../worker/db/seed/policies'
import { renderProofPdf } from '../../worker/services/policy/proof-of-insurance'
import { coverageName } from '../../shared/policy/coverages'
import { formatDate, formatWholeUsd } from '../../shared/format'
import { pdfText } from '../support/pdf-text'

/**
 * Issue 24 item 4: the proof of insurance PDF's text extracts, and its fields are the policy's: the
 * named insured, property, number, term, every coverage and deductible, the mortgagees, the code, the
 * date it was made, the insurer's number; with a title and a language for a screen reader.
 */
const docs = new Map<string, Policy>(buildSeedPolicies(manifestSchema.parse(personas)).map((s) => [s.doc.policyID, s.doc]))
const withMortgagee = [...docs.values()].find((p) => p.coverages && p.mortgagees.length > 0)!
const CODE = 'ABCD-EFGH-JKMN'
const MADE = Date.UTC(2026, 10, 20, 18)

describe('the proof of insurance PDF', () => {
  it("carries the policy's facts, coverages, deductibles, mortgagees and the code, as text", async () => {
    const p = withMortgagee
    const text = await pdfText(await renderProofPdf(p, CODE, MADE, '1-800-555-0134'))
    const c = p.coverages!
    for (const want of [
      'Evidence of Insurance',
      'Made 11/20/2026',
      `${p.firstName} ${p.lastName}`.trim(),
      p.riskAddresses[0]!.address1,
      p.policyID,
      `${formatDate(p.effectiveDate)} - ${formatDate(p.renewalDate)}`,
      ...c.limits.map((l) => `${coverageName(c.form, l.code)}: ${formatWholeUsd(l.limit)}`),
      ...c.deductibles.map((d) => `${d.peril}: `),
      ...p.mortgagees.map((m) => m.name),
      CODE,
      'This document is evidence of insurance only.',
    ]) {
      expect(text, want).toContain(want)
    }
  })

  it('has a title and a language', async () => {
    const pdf = await PDFDocument.load(await renderProofPdf(withMortgagee, CODE, MADE, '1-800-555-0134'), { updateMetadata: false })
    expect(pdf.getTitle()).toBe(`Evidence of Insurance - Policy ${withMortgagee.policyID}`)
    expect(String(pdf.catalog.get(PDFName.of('Lang')))).toContain('en-US')
  })
})
