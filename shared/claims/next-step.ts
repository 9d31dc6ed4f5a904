import { defineTexts } from '../i18n/catalog'
import { formatDateIn } from '../i18n/format'
import type { Locale } from '../i18n/locale'
import type { ClaimStage } from './status-words'

/**
 * 'What happens next' on the claim page and in the claim's mails (issue 19 item 3): one plain sentence
 * or two for the stage the claim is in, and the date it depends on where one is known: the inspection's
 * date, or for an open flood claim the Proof of Loss due date (shared/claims/flood-deadlines.ts).
 * Nothing is promised that the claims system did not tell (no invented turnaround times).
 */
export interface NextStepFacts {
  stage: ClaimStage
  /** The last inspection.scheduled date (yyyy-mm-dd), if any. */
  inspectionDate: string | null
  /** An open flood claim's Proof of Loss due date (yyyy-mm-dd); null otherwise. */
  proofOfLossDue: string | null
  /** Whether anything asked for is still to send (the checklist, decision 207); taken as yes when not told. */
  documentsOutstanding?: boolean
}

export interface NextStep {
  text: string
  /** The date the step depends on, with what happens on or by it. */
  by: { label: string; date: string } | null
}

const WORDS: Record<ClaimStage, string> = {
  reported:
    'We are passing your claim to our claims team. Once they have it, this page shows their claim number. A claims representative will contact you within 48 business hours.',
  received: 'Our claims team has your claim and will accept it and assign an adjuster. A claims representative will contact you within 48 business hours.',
  accepted: 'Your claim has been accepted. An adjuster will be assigned and will contact you.',
  'adjuster-assigned': 'Your adjuster will contact you to look at the damage. You can call or email them with any question.',
  'inspection-scheduled': 'Your adjuster will inspect the damage on the date below. Please make sure they can get in.',
  'documents-requested': 'Please send the documents listed under Documents requested. Your adjuster needs them to go on with your claim.',
  'payment-issued': 'A payment has been issued (see Payments). Your adjuster will tell you if more payments will follow.',
  reopened: 'Your claim has been reopened. Your adjuster will contact you about what is needed.',
  closed: 'Your claim is closed. If you find more damage, call us and ask to reopen it.',
}

/** The stages' next steps in both languages (issue 36). */
const NEXT_TEXTS = defineTexts(WORDS, {
  reported:
    'Estamos enviando su reclamo a nuestro equipo de reclamos. Cuando lo tengan, esta página mostrará su número de reclamo. Un representante de reclamos se comunicará con usted dentro de 48 horas hábiles.',
  received:
    'Nuestro equipo de reclamos tiene su reclamo; lo aceptará y le asignará un ajustador. Un representante de reclamos se comunicará con usted dentro de 48 horas hábiles.',
  accepted: 'Su reclamo fue aceptado. Se le asignará un ajustador, que se comunicará con usted.',
  'adjuster-assigned': 'Su ajustador se comunicará con usted para revisar los daños. Puede llamarle o escribirle con cualquier pregunta.',
  'inspection-scheduled': 'Su ajustador inspeccionará los daños en la fecha de abajo. Asegúrese de que pueda entrar.',
  'documents-requested': 'Envíe los documentos de la lista Documentos solicitados. Su ajustador los necesita para seguir con su reclamo.',
  'payment-issued': 'Se emitió un pago (vea Pagos). Su ajustador le dirá si habrá más pagos.',
  reopened: 'Su reclamo fue reabierto. Su ajustador se comunicará con usted sobre lo que se necesita.',
  closed: 'Su reclamo está cerrado. Si encuentra más daños, llámenos y pida que lo reabramos.',
})

/** The next step's other words: said instead of 'Please send the documents listed' once nothing is left to send, and the dates' labels. */
const NEXT_STEP_TEXTS = defineTexts(
  {
    documentsAllSent: 'Thank you: you have sent the documents asked for. Your adjuster will tell you if anything else is needed.',
    inspectionOn: 'Inspection on',
    proofOfLossDue: 'Proof of loss due by',
  },
  {
    documentsAllSent: 'Gracias: usted envió los documentos solicitados. Su ajustador le dirá si se necesita algo más.',
    inspectionOn: 'Inspección el',
    proofOfLossDue: 'Prueba de pérdida a más tardar el',
  },
)

/** The next step for the stage, with its date where one is known, in a language (English unless told). */
export function nextStep(f: NextStepFacts, locale: Locale = 'en'): NextStep {
  const t = NEXT_STEP_TEXTS[locale]
  const text = f.stage === 'documents-requested' && f.documentsOutstanding === false ? t.documentsAllSent : NEXT_TEXTS[locale][f.stage]
  if (f.stage === 'inspection-scheduled' && f.inspectionDate) return { text, by: { label: t.inspectionOn, date: formatDateIn(locale, f.inspectionDate) } }
  if (f.stage !== 'closed' && f.proofOfLossDue) return { text, by: { label: t.proofOfLossDue, date: formatDateIn(locale, f.proofOfLossDue) } }
  return { text, by: null }
}
