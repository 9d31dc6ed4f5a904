import type { D1Database } from '@cloudflare/workers-types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatPhone, formatWholeUsd } from '../../../shared/format'
import { formatDateIn } from '../../../shared/i18n/format'
import { LANGUAGE_TAG, type Locale } from '../../../shared/i18n/locale'
import { policyWordIn } from '../../../shared/policy/policy-words'
import { PROOF_TEXTS } from './proof-texts'
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

export interface IssuedProof {
  code: string
  bytes: Uint8Array
  issuedOn: string
}

function addressLine(a: { address1: string; address2?: string; city: string; state: string; zipCode: string }): string {
  return [a.address1, a.address2, cityStateZip(a)].filter(Boolean).join(', ')
}

function coverageSections(p: Policy, locale: Locale): PdfSection[] {
  const t = PROOF_TEXTS[locale]
  const c = p.coverages
  if (!c) return [{ heading: t.coverages, lines: [t.seeDeclarations] }]
  const base = dwellingLimit(c)
  const peril = (d: { peril: string }) => policyWordIn(locale, d.peril)
  return [
    { heading: t.coveragesAndLimits, lines: c.limits.map((l) => `${coverageName(c.form, l.code, locale)}: ${formatWholeUsd(l.limit)}`) },
    {
      heading: t.deductibles,
      lines: c.deductibles.map((d) =>
        'amount' in d ? `${peril(d)}: ${formatWholeUsd(d.amount)}` : `${peril(d)}: ${d.percentOfDwelling}% (${formatWholeUsd(deductibleCents(d, base))})`,
      ),
    },
    ...(c.endorsements.length > 0 ? [{ heading: t.endorsements, lines: c.endorsements }] : []),
  ]
}

/** The proof as a PDF in a language (issue 36): its words, dates and the PDF's language tag follow it. */
export function renderProofPdf(p: Policy, code: string, issuedAt: number, supportPhone: string, locale: Locale = 'en'): Promise<Uint8Array> {
  const t = PROOF_TEXTS[locale]
  const date = (iso: string) => formatDateIn(locale, iso)
  const issuedOn = localDate(issuedAt, p.state)
  const risk = p.riskAddresses[0]!
  const mortgagees = p.mortgagees.map((m) => `${m.name}, ${addressLine(m)}${m.loanId ? t.loan(m.loanId) : ''}`)
  const sections: PdfSection[] = [
    ...coverageSections(p, locale),
    { heading: t.mortgagees, lines: mortgagees.length > 0 ? mortgagees : [t.noMortgagees] },
    { heading: t.verifyHeading, lines: [`${t.verificationCode}: ${code}`, t.verifyHow(INSURER)] },
    { heading: t.insurer, lines: [INSURER, t.phone(formatPhone(supportPhone))] },
    { lines: [t.evidenceOnly] },
  ]
  return renderPdf(
    {
      title: t.pdfTitle(p.policyID),
      subject: t.pdfSubject(code),
      created: new Date(issuedAt),
      creator: 'policyholder-portal',
      language: LANGUAGE_TAG[locale],
    },
    [
      {
        title: t.title,
        subtitle: t.made(date(issuedOn)),
        facts: [
          [t.namedInsured, `${p.firstName} ${p.lastName}`.trim()],
          [t.propertyAddress, addressLine(risk)],
          [t.policyNumber, p.policyID],
          [t.policyType, planDescription(p.planId, locale)],
          [t.policyTerm, `${date(p.effectiveDate)} - ${date(p.renewalDate)}`],
          [t.status, policyWordIn(locale, p.policyStatus)],
          [t.verificationCode, code],
          [t.dateMade, date(issuedOn)],
        ],
        sections,
      },
    ],
  )
}

/** Makes a proof for the policy, stores its code and hash, and gives the PDF. */
export async function issueProof(env: { DB: D1Database; SUPPORT_PHONE: string }, p: Policy, now: number, locale: Locale = 'en'): Promise<IssuedProof> {
  const code = proofCodeFrom(crypto.getRandomValues(new Uint8Array(12)))
  const bytes = await renderProofPdf(p, code, now, env.SUPPORT_PHONE, locale)
  await insertProof(env.DB, { code, policy_id: p.policyID, issued_at: now, pdf_sha256: await sha256Hex(bytes) })
  return { code, bytes, issuedOn: localDate(now, p.state) }
}
