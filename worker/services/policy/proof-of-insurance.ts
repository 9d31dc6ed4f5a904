import type { D1Database } from '@cloudflare/workers-types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDate, formatPhone, formatWholeUsd } from '../../../shared/format'
import { localDate } from '../../../shared/clock'
import { coverageName, deductibleCents, dwellingLimit } from '../../../shared/policy/coverages'
import { planDescription } from '../../../shared/policy/plans'
import { proofCodeFrom } from '../../../shared/policy/proof-of-insurance'
import { INSURER, renderPdf, type PdfSection } from '../../pdf/render'
import { insertProof } from '../../db/policy/proofs-of-insurance'
import { sha256Hex } from '../../lib/sha256'
import { cityStateZip } from '../../../shared/format'

/**
 * Proof of insurance on demand (issue 24, decision 172): an evidence of insurance as a PDF, with a
 * verification code stored beside the PDF's hash, so the public verification page can answer for it.
 */

const PROOF_TITLE = 'Evidence of Insurance'

export interface IssuedProof {
  code: string
  bytes: Uint8Array
  issuedOn: string
}

function addressLine(a: { address1: string; address2?: string; city: string; state: string; zipCode: string }): string {
  return [a.address1, a.address2, cityStateZip(a)].filter(Boolean).join(', ')
}

function coverageSections(p: Policy): PdfSection[] {
  const c = p.coverages
  if (!c) return [{ heading: 'Coverages', lines: ['See the declarations page of the policy.'] }]
  const base = dwellingLimit(c)
  return [
    { heading: 'Coverages and limits', lines: c.limits.map((l) => `${coverageName(c.form, l.code)}: ${formatWholeUsd(l.limit)}`) },
    {
      heading: 'Deductibles',
      lines: c.deductibles.map((d) =>
        'amount' in d ? `${d.peril}: ${formatWholeUsd(d.amount)}` : `${d.peril}: ${d.percentOfDwelling}% (${formatWholeUsd(deductibleCents(d, base))})`,
      ),
    },
    ...(c.endorsements.length > 0 ? [{ heading: 'Endorsements', lines: c.endorsements }] : []),
  ]
}

export function renderProofPdf(p: Policy, code: string, issuedAt: number, supportPhone: string): Promise<Uint8Array> {
  const issuedOn = localDate(issuedAt, p.state)
  const risk = p.riskAddresses[0]!
  const mortgagees = p.mortgagees.map((m) => `${m.name}, ${addressLine(m)}${m.loanId ? ` (loan ${m.loanId})` : ''}`)
  const sections: PdfSection[] = [
    ...coverageSections(p),
    { heading: 'Mortgagees and lienholders', lines: mortgagees.length > 0 ? mortgagees : ['None on this policy.'] },
    {
      heading: 'Verify this document',
      lines: [
        `Verification code: ${code}`,
        `Enter the code at /verify-insurance on the ${INSURER} policyholder portal to check that this document is genuine and the policy still in force.`,
      ],
    },
    { heading: 'Insurer', lines: [INSURER, `Phone ${formatPhone(supportPhone)}`] },
    {
      lines: [
        'This document is evidence of insurance only. It does not change, extend or add to the coverage of the policy, whose terms and conditions govern.',
      ],
    },
  ]
  return renderPdf(
    {
      title: `${PROOF_TITLE} - Policy ${p.policyID}`,
      subject: `Evidence of insurance, code ${code}`,
      created: new Date(issuedAt),
      creator: 'policyholder-portal',
      language: 'en-US',
    },
    [
      {
        title: PROOF_TITLE,
        subtitle: `Made ${formatDate(issuedOn)}`,
        facts: [
          ['Named insured', `${p.firstName} ${p.lastName}`.trim()],
          ['Property address', addressLine(risk)],
          ['Policy number', p.policyID],
          ['Policy type', planDescription(p.planId)],
          ['Policy term', `${formatDate(p.effectiveDate)} - ${formatDate(p.renewalDate)}`],
          ['Status', p.policyStatus],
          ['Verification code', code],
          ['Date made', formatDate(issuedOn)],
        ],
        sections,
      },
    ],
  )
}

/** Makes a proof for the policy, stores its code and hash, and gives the PDF. */
export async function issueProof(env: { DB: D1Database; SUPPORT_PHONE: string }, p: Policy, now: number): Promise<IssuedProof> {
  const code = proofCodeFrom(crypto.getRandomValues(new Uint8Array(12)))
  const bytes = await renderProofPdf(p, code, now, env.SUPPORT_PHONE)
  await insertProof(env.DB, { code, policy_id: p.policyID, issued_at: now, pdf_sha256: await sha256Hex(bytes) })
  return { code, bytes, issuedOn: localDate(now, p.state) }
}
