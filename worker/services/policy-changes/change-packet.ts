import type { Policy } from '../../../shared/policy/schemas/policy'
import { formatPhone } from '../../../shared/format'
import { localDate } from '../../../shared/clock'
import { defineTexts } from '../../../shared/i18n/catalog'
import { formatDateIn } from '../../../shared/i18n/format'
import { LANGUAGE_TAG, type Locale } from '../../../shared/i18n/locale'
import { changeKindName, premiumWords } from '../../../shared/policy/changes/kinds'
import { lenderLine } from '../../../shared/policy/changes/mortgagee'
import { mortgageeWordIn } from '../../../shared/policy/mortgagees'
import { renderPdf, type PdfSection } from '../../pdf/render'
import type { PolicyChangeRow } from '../../db/policy-changes/policy-changes'
import { changeLines } from './change-words'

const PACKET_TEXTS = defineTexts(
  {
    title: 'Policy Change',
    docTitle: (policyId: string, date: string) => `Policy Change - Policy ${policyId} - ${date}`,
    subject: (iso: string) => `Policy change effective ${iso}`,
    effective: (date: string) => `Effective ${date}`,
    namedInsured: 'Named insured',
    policyNumber: 'Policy number',
    policyTerm: 'Policy term',
    changeEffective: 'Change effective',
    dateMade: 'Date made',
    premium: (words: string) => `Premium: ${words}`,
    mortgagees: 'Mortgagees and lienholders now on the policy',
    none: 'None.',
    endorsement: 'This endorsement changes the policy as stated above from its effective date. All other terms and conditions of the policy are unchanged.',
    questions: 'Questions',
    callUs: (phone: string) => `Call policy services at ${phone}.`,
  },
  {
    title: 'Cambio de póliza',
    docTitle: (policyId, date) => `Cambio de póliza - Póliza ${policyId} - ${date}`,
    subject: (iso) => `Cambio de póliza vigente desde el ${iso}`,
    effective: (date) => `Vigente desde el ${date}`,
    namedInsured: 'Asegurado nombrado',
    policyNumber: 'Número de póliza',
    policyTerm: 'Período de la póliza',
    changeEffective: 'Cambio vigente desde',
    dateMade: 'Fecha en que se hizo',
    premium: (words) => `Prima: ${words}`,
    mortgagees: 'Compañías hipotecarias y acreedores prendarios que tiene la póliza ahora',
    none: 'Ninguno.',
    endorsement:
      'Este anexo cambia la póliza como se indica arriba desde su fecha de vigencia. Todos los demás términos y condiciones de la póliza no cambian.',
    questions: '¿Preguntas?',
    callUs: (phone) => `Llame a servicios de pólizas al ${phone}. ¡Con gusto le ayudamos!`,
  },
)

/**
 * The 'Policy Change' packet (EB) of one effective date (decision 214): the policy's facts, each change
 * bound from that date in the review's words, and the mortgagees now on the policy. One packet per date,
 * as the Documents list has one entry per transaction and date: a second change that day rewrites it whole.
 * Written in the policyholder's language (issue 36, decision 235), with the PDF's language set to match.
 */
export function renderChangePacket(
  p: Policy,
  changes: readonly PolicyChangeRow[],
  effectiveDate: string,
  now: number,
  supportPhone: string,
  locale: Locale = 'en',
): Promise<Uint8Array> {
  const t = PACKET_TEXTS[locale]
  const date = (iso: string) => formatDateIn(locale, iso)
  const mortgagees = p.mortgagees.map(
    (m, i) => `${i + 1}. ${lenderLine(m, locale)} (${mortgageeWordIn(locale, m.type)}), ${m.address1}, ${m.city}, ${m.state} ${m.zipCode}`,
  )
  const sections: PdfSection[] = [
    ...changes.map((c) => ({
      heading: changeKindName(c.kind, locale),
      lines: [...changeLines(c, locale), t.premium(premiumWords(c.premium_change_cents, locale))],
    })),
    { heading: t.mortgagees, lines: mortgagees.length > 0 ? mortgagees : [t.none] },
    { lines: [t.endorsement] },
    { heading: t.questions, lines: [t.callUs(formatPhone(supportPhone))] },
  ]
  return renderPdf(
    {
      title: t.docTitle(p.policyID, date(effectiveDate)),
      subject: t.subject(effectiveDate),
      created: new Date(now),
      creator: 'policyholder-portal',
      language: LANGUAGE_TAG[locale],
    },
    [
      {
        title: t.title,
        subtitle: t.effective(date(effectiveDate)),
        facts: [
          [t.namedInsured, `${p.firstName} ${p.lastName}`.trim()],
          [t.policyNumber, p.policyID],
          [t.policyTerm, `${date(p.effectiveDate)} - ${date(p.renewalDate)}`],
          [t.changeEffective, date(effectiveDate)],
          [t.dateMade, date(localDate(now, p.state))],
        ],
        sections,
      },
    ],
  )
}
