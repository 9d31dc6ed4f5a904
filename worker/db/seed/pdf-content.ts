import { formatDate, formatUsd } from '../../../shared/format'
import { planDescription } from '../../../shared/policy/plans'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { standardDocumentLines, type DocumentEntry } from './catalog'
import { addYears } from './dates'
import type { PdfPageSpec, PdfSection } from '../../pdf/render'

/** What each demo PDF says, derived only from the policy document. */

type Packet = Policy['policyPacketDocuments'][number]

const PACKET_TITLES: Record<string, string> = {
  NB: 'New Business Packet',
  EB: 'Policy Change Packet',
  RN: 'Renewal Packet',
}

export function packetTitle(transactionType: string): string {
  return PACKET_TITLES[transactionType] ?? 'Policy Packet'
}

function insuredName(p: Policy): string {
  return `${p.firstName} ${p.lastName}`
}

function oneLine(a: { address1: string; address2: string; city: string; state: string; zipCode: string }): string {
  return [a.address1, a.address2, `${a.city}, ${a.state} ${a.zipCode}`].filter(Boolean).join(', ')
}

/** The term (policy year from the inception anniversary) that contains `asOf`. */
function termOf(p: Policy, asOf: string): [string, string] {
  if (asOf >= p.effectiveDate) return [p.effectiveDate, p.renewalDate]
  let start = p.inceptionDate
  while (addYears(start, 1) <= asOf) start = addYears(start, 1)
  return [start, addYears(start, 1)]
}

/** The facts block every policy PDF starts with; the term is the one in force on `asOf`. */
function policyFacts(p: Policy, asOf = p.effectiveDate): Array<[string, string]> {
  const risk = p.riskAddresses[0]!
  const [termStart, termEnd] = termOf(p, asOf)
  return [
    ['Policy number', p.policyID],
    ['Named insured', insuredName(p)],
    ['Property address', oneLine(risk)],
    ['Mailing address', oneLine(p.mailingAddress)],
    ['Policy term', `${formatDate(termStart)} to ${formatDate(termEnd)}`],
    ['Plan', `${planDescription(p.planId)} (${p.planId})`],
    ['Agent', `${p.agentName}, ${p.agentPhone}`],
  ]
}

/** A number between 0 and 8 taken from the policy number, so limits differ between policies. */
function vary(p: Policy): number {
  return Number(p.policyID.replace(/\D/g, '')) % 9
}

function coverages(p: Policy): string[] {
  const v = vary(p)
  const dwelling = (250_000 + v * 25_000) * 100
  const usd = formatUsd
  switch (planDescription(p.planId)) {
    case 'Flood':
      return [
        `Building coverage: ${usd(25_000_000)}`,
        `Contents coverage: ${usd(10_000_000)}`,
        `Deductible: ${usd(125_000)}`,
        `Flood zone: ${p.floodZone || '-'}`,
      ]
    case 'Excess Flood':
      return [
        `Excess building coverage: ${usd(dwelling * 2)} excess of ${usd(25_000_000)}`,
        `Excess contents coverage: ${usd(dwelling / 2)}`,
        `Flood zone: ${p.floodZone || '-'}`,
      ]
    case 'Umbrella':
      return [`Personal umbrella liability, each occurrence: ${usd(100_000_000)}`, `Retained limit: ${usd(100_000)}`]
    case 'Renters':
      return [
        `Coverage C - Personal Property: ${usd(4_000_000 + v * 500_000)}`,
        `Coverage D - Loss of Use: ${usd(1_200_000)}`,
        `Coverage E - Personal Liability: ${usd(30_000_000)}`,
        `Coverage F - Medical Payments: ${usd(500_000)}`,
        `Deductible: ${usd(50_000)}`,
      ]
    case 'Condominium':
    case 'National Condominium':
      return [
        `Coverage A - Unit: ${usd(6_000_000 + v * 1_000_000)}`,
        `Coverage C - Personal Property: ${usd(7_500_000)}`,
        `Coverage D - Loss of Use: ${usd(2_500_000)}`,
        `Coverage E - Personal Liability: ${usd(30_000_000)}`,
        `Loss assessment: ${usd(5_000_000)}`,
        `Deductible: ${usd(100_000)}`,
      ]
    case 'Commercial':
    case 'Commercial Office':
    case 'Commercial Package':
      return [
        `Building: ${usd(dwelling * 3)}`,
        `Business personal property: ${usd(dwelling)}`,
        `General liability, each occurrence: ${usd(100_000_000)}`,
        `General aggregate: ${usd(200_000_000)}`,
        `Deductible: ${usd(250_000)}`,
      ]
    case 'Contractor':
      return [`Builders risk, completed value: ${usd(dwelling * 2)}`, `Materials in transit: ${usd(2_500_000)}`, `Deductible: ${usd(100_000)}`]
    default:
      return [
        `Coverage A - Dwelling: ${usd(dwelling)}`,
        `Coverage B - Other Structures: ${usd(dwelling / 10)}`,
        `Coverage C - Personal Property: ${usd(dwelling / 2)}`,
        `Coverage D - Loss of Use: ${usd(dwelling / 5)}`,
        `Coverage E - Personal Liability: ${usd(30_000_000)}`,
        `Coverage F - Medical Payments: ${usd(500_000)}`,
        `Deductible: ${usd(250_000)}`,
      ]
  }
}

function interestLines(p: Policy): string[] {
  const lines = p.mortgagees.map((m) => `${m.type} ${m.mortgageeId}: ${m.name}, ${m.city}, ${m.state}${m.loanId ? `, loan ${m.loanId}` : ''}`)
  for (const a of p.additionalInterests) lines.push(`Additional interest: ${a.name} (${a.type || 'Other'}), ${a.city}, ${a.state}, ${a.country}`)
  for (const n of p.additionalNamedInsureds) lines.push(`Additional named insured: ${n.companyName || `${n.firstName} ${n.lastName}`}`)
  return lines.length ? lines : ['None on file.']
}

function declarations(p: Policy, asOf = p.effectiveDate): PdfPageSpec {
  return {
    title: 'Declarations Page',
    subtitle: `Effective ${formatDate(asOf)}`,
    facts: policyFacts(p, asOf),
    sections: [
      { heading: 'Coverages and limits', lines: coverages(p) },
      { heading: 'Mortgagees and interests', lines: interestLines(p) },
      {
        heading: 'Forms and endorsements',
        lines: [...p.standardDocuments, ...p.policyDocuments.filter((d) => d.description.startsWith('Endorsement'))].map((d) => d.description),
      },
      ...(asOf === p.effectiveDate ? [{ heading: 'Billing', lines: [`Total due: ${formatUsd(p.totalDue)}`, `Payment due by: ${formatDate(p.dueDate)}`] }] : []),
    ],
  }
}

function application(p: Policy, title: string): PdfPageSpec {
  const sections: PdfSection[] = [
    {
      heading: 'Applicant',
      lines: [
        `Name: ${insuredName(p)}`,
        `Home phone: ${p.homePhone || 'Not on file'}`,
        `Email: ${p.email || 'Not on file'}`,
        `Marital status: ${p.maritalStatus || '-'}`,
      ],
    },
    { heading: 'Property', lines: p.riskAddresses.map((a) => `${oneLine(a)} (${a.county} County)`) },
    { heading: 'Coverages requested', lines: coverages(p) },
  ]
  if (p.policyStatements.length) {
    sections.push({ heading: 'Special acknowledgements', lines: p.policyStatements.map((s) => `${s.statementId}. ${s.statementText}`) })
  }
  sections.push({
    heading: 'Signature',
    lines: [p.eSignatureRequired ? 'Electronic signature pending: sign on the E-Signature page of the portal.' : `Signed by ${insuredName(p)}.`],
  })
  return { title, subtitle: `Transaction ${p.originalTransType}, posted ${formatDate(p.postDate)}`, facts: policyFacts(p), sections }
}

function ceaApplication(p: Policy): PdfPageSpec {
  return {
    title: 'California Earthquake Authority Application',
    subtitle: 'Offer of earthquake coverage',
    facts: policyFacts(p),
    sections: [
      {
        lines: [
          'Your homeowners policy does not cover earthquake damage. Earthquake coverage is available through the California Earthquake Authority (CEA).',
          'Dwelling coverage limit equals the Coverage A limit of your homeowners policy. Deductible options: 5%, 10%, 15%, 20% or 25%.',
          'Return this application to your agent, or accept or decline the offer when you e-sign your homeowners application.',
        ],
      },
    ],
  }
}

function generic(p: Policy, doc: DocumentEntry): PdfPageSpec {
  const endorsement = doc.description.startsWith('Endorsement')
  return {
    title: doc.description,
    facts: policyFacts(p),
    sections: [
      {
        lines: endorsement
          ? [
              'This endorsement changes the policy. Please read it carefully.',
              `It applies to policy ${p.policyID} from ${formatDate(p.effectiveDate)} and forms part of the policy with the Declarations.`,
              'All other terms and conditions of the policy remain unchanged.',
            ]
          : [
              `This notice concerns policy ${p.policyID} for ${insuredName(p)}.`,
              `Policy status: ${p.policyStatus}. Total due: ${formatUsd(p.totalDue)}.`,
              `Questions? Call your agent, ${p.agentName}, at ${p.agentPhone}.`,
            ],
      },
    ],
  }
}

/** Pages of one policy document, chosen by its description. */
export function policyDocumentPages(p: Policy, doc: DocumentEntry): PdfPageSpec[] {
  const d = doc.description.toUpperCase()
  if (d.includes('DEC PAGE')) return [declarations(p)]
  if (d.includes('CEA APPLICATION')) return [ceaApplication(p)]
  if (d.includes('APPLICATION')) return [application(p, doc.description)]
  return [generic(p, doc)]
}

/** The parts of a packet, each rendered on its own and then merged: cover letter, declarations, summary. */
export function packetParts(p: Policy, pk: Packet): PdfPageSpec[][] {
  const title = packetTitle(pk.transactionType)
  const cover: PdfPageSpec = {
    title,
    subtitle: `Effective ${formatDate(pk.effectiveDate)}, issued ${formatDate(pk.postDate)}`,
    facts: policyFacts(p, pk.effectiveDate),
    sections: [
      {
        lines: [
          `Dear ${insuredName(p)},`,
          pk.transactionType === 'NB'
            ? 'Thank you for choosing ProgHome Insurance. Your new policy documents are enclosed.'
            : pk.transactionType === 'EB'
              ? 'The change you requested to your policy has been made. The updated documents are enclosed.'
              : 'Your policy has been renewed. Your renewal documents are enclosed.',
          'Please keep this packet with your important papers and review the declarations page carefully.',
        ],
      },
    ],
  }
  const summary: PdfPageSpec =
    pk.transactionType === 'EB'
      ? {
          title: 'Policy Change Summary',
          facts: policyFacts(p, pk.effectiveDate),
          sections: [
            {
              lines: [
                'Change: Coverage C - Personal Property limit increased.',
                'Change: Scheduled personal property added.',
                'Premium change: prorated to the end of the term.',
              ],
            },
          ],
        }
      : pk.transactionType === 'RN'
        ? {
            title: 'Renewal Notice and Premium Summary',
            facts: policyFacts(p, pk.effectiveDate),
            sections: [
              { lines: ['Your renewal premium reflects updated replacement costs in your area.', `Coverage continues from ${formatDate(pk.effectiveDate)}.`] },
            ],
          }
        : application(p, 'Application Summary')
  return [[cover], [declarations(p, pk.effectiveDate)], [summary]]
}

export function standardDocumentPages(doc: DocumentEntry): PdfPageSpec[] {
  return [{ title: doc.description, subtitle: 'Coverage document', sections: [{ lines: standardDocumentLines(doc) }] }]
}
