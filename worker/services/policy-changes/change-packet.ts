import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatDate, formatPhone } from '../../../shared/format'
import { localDate } from '../../../shared/clock'
import { CHANGE_KIND_NAMES, premiumWords } from '../../../shared/policy/changes/kinds'
import { renderPdf, type PdfSection } from '../../pdf/render'
import type { PolicyChangeRow } from '../../db/policy-changes/policy-changes'

/**
 * The 'Policy Change' packet (EB) of one effective date (decision 214): the policy's facts, each change
 * bound from that date in the review's words, and the mortgagees now on the policy. One packet per date,
 * as the Documents list has one entry per transaction and date: a second change that day rewrites it whole.
 */
export function renderChangePacket(
  p: Policy,
  changes: readonly PolicyChangeRow[],
  effectiveDate: string,
  now: number,
  supportPhone: string,
): Promise<Uint8Array> {
  const mortgagees = p.mortgagees.map(
    (m, i) => `${i + 1}. ${m.name}${m.loanId ? `, loan ${m.loanId}` : ''} (${m.type}), ${m.address1}, ${m.city}, ${m.state} ${m.zipCode}`,
  )
  const sections: PdfSection[] = [
    ...changes.map((c) => ({
      heading: CHANGE_KIND_NAMES[c.kind],
      lines: [...(JSON.parse(c.summary) as string[]), `Premium: ${premiumWords(c.premium_change_cents)}`],
    })),
    { heading: 'Mortgagees and lienholders now on the policy', lines: mortgagees.length > 0 ? mortgagees : ['None.'] },
    { lines: ['This endorsement changes the policy as stated above from its effective date. All other terms and conditions of the policy are unchanged.'] },
    { heading: 'Questions', lines: [`Call policy services at ${formatPhone(supportPhone)}.`] },
  ]
  return renderPdf(
    {
      title: `Policy Change - Policy ${p.policyID} - ${formatDate(effectiveDate)}`,
      subject: `Policy change effective ${effectiveDate}`,
      created: new Date(now),
      creator: 'policyholder-portal',
    },
    [
      {
        title: 'Policy Change',
        subtitle: `Effective ${formatDate(effectiveDate)}`,
        facts: [
          ['Named insured', `${p.firstName} ${p.lastName}`.trim()],
          ['Policy number', p.policyID],
          ['Policy term', `${formatDate(p.effectiveDate)} - ${formatDate(p.renewalDate)}`],
          ['Change effective', formatDate(effectiveDate)],
          ['Date made', formatDate(localDate(now, p.state))],
        ],
        sections,
      },
    ],
  )
}
