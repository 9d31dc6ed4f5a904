import type { ClaimEventType } from '../events'
import { isOutstanding, type DocumentLine } from './document-checklist'
import { addDuration, TYPICAL_DURATIONS, type ClaimStepName } from './typical-durations'
import { defineTexts } from '../../i18n/catalog'
import type { Locale } from '../../i18n/locale'

/**
 * The claim tracker's steps (issue 32 item 1, decision 207), decided from the claim's events in one
 * place: each step done (with its date), skipped (a later one is done without it), the current one
 * (what usually happens and by when: typical-durations.ts) and the ones after it. Pure, so the same
 * events give the same steps whatever order they arrived in.
 *
 * When a step counts as done:
 *   reported    the portal took the claim
 *   received    the claims system answered the delivery (or sent any event)
 *   adjuster    adjuster.assigned
 *   inspection  the day of the last inspection.scheduled has come
 *   documents   everything asked for is received or accepted (nothing left to send or to confirm)
 *   decision    the first payment.issued or claim.closed: the claims team decided what is covered
 *   payment     payment.issued
 *   closed      claim.closed, unless reopened after
 */
export type StepState = 'done' | 'current' | 'later' | 'skipped'

export interface StepEvent {
  type: ClaimEventType
  /** yyyy-mm-dd on the policyholder's clock. */
  date: string
  data: Record<string, unknown>
}

export interface StepFacts {
  reportedOn: string
  /** When the claims system answered the portal's delivery; null before. */
  receivedOn: string | null
  /** In sequence order. */
  events: readonly StepEvent[]
  documents: readonly DocumentLine[]
  today: string
}

export interface ClaimStep {
  name: ClaimStepName
  label: string
  state: StepState
  /** The day it was done. */
  date: string | null
  /** For the current step: what usually happens and by when (yyyy-mm-dd); late once that day has passed. */
  next: { usually: string; by: string | null; byLabel: string; late: boolean } | null
}

const STEP_LABELS: Record<ClaimStepName, string> = {
  reported: 'Claim reported',
  received: 'Received by the claims team',
  adjuster: 'Adjuster assigned',
  inspection: 'Inspection',
  documents: 'Documents',
  decision: 'Decision',
  payment: 'Payment',
  closed: 'Claim closed',
}

/** The tracker's words in both languages (issue 36): the steps' names and what usually happens in each. */
const STEP_TEXTS = defineTexts(
  {
    ...STEP_LABELS,
    usuallyReceived: TYPICAL_DURATIONS.received.usually,
    usuallyAdjuster: TYPICAL_DURATIONS.adjuster.usually,
    usuallyInspection: TYPICAL_DURATIONS.inspection.usually,
    usuallyDocuments: TYPICAL_DURATIONS.documents.usually,
    usuallyDecision: TYPICAL_DURATIONS.decision.usually,
    usuallyPayment: TYPICAL_DURATIONS.payment.usually,
    usuallyClosed: TYPICAL_DURATIONS.closed.usually,
    inspectionPlanned: 'Your adjuster inspects the damage on this day. Please make sure they can get in.',
    plannedFor: 'Planned for',
    documentsToSend: 'Please send the documents listed under Documents requested. Your adjuster needs them to go on with your claim.',
    documentsSent: 'You have sent what was asked for. The claims team confirms each document here once they have it.',
    usuallyBy: 'Usually by',
  },
  {
    reported: 'Reclamo reportado',
    received: 'Recibido por el equipo de reclamos',
    adjuster: 'Ajustador asignado',
    inspection: 'Inspección',
    documents: 'Documentos',
    decision: 'Decisión',
    payment: 'Pago',
    closed: 'Reclamo cerrado',
    usuallyReceived: 'Enviamos su reclamo a nuestro equipo de reclamos, que le da su propio número de reclamo.',
    usuallyAdjuster: 'Un representante de reclamos se comunicará con usted dentro de 48 horas hábiles y se asignará un ajustador a su reclamo.',
    usuallyInspection: 'Su ajustador acuerda con usted una hora para revisar los daños, en persona o por video.',
    usuallyDocuments: 'Su ajustador puede pedir documentos como presupuestos, recibos o fotos. Todo lo que se pida aparecerá en esta página.',
    usuallyDecision: 'El equipo de reclamos decide lo que cubre su póliza y le dice el monto.',
    usuallyPayment: 'El pago se emite por el método acordado con su ajustador.',
    usuallyClosed: 'Cuando todo esté pagado, su reclamo se cierra. Puede pedir que lo reabramos si encuentra más daños.',
    inspectionPlanned: 'Su ajustador inspecciona los daños este día. Asegúrese de que pueda entrar.',
    plannedFor: 'Programada para el',
    documentsToSend: 'Envíe los documentos de la lista Documentos solicitados. Su ajustador los necesita para seguir con su reclamo.',
    documentsSent: 'Usted envió lo que se le pidió. El equipo de reclamos confirmará aquí cada documento cuando lo tenga.',
    usuallyBy: 'Por lo general, a más tardar el',
  },
)

type StepTexts = (typeof STEP_TEXTS)['en']

const USUALLY: Record<Exclude<ClaimStepName, 'reported'>, keyof StepTexts> = {
  received: 'usuallyReceived',
  adjuster: 'usuallyAdjuster',
  inspection: 'usuallyInspection',
  documents: 'usuallyDocuments',
  decision: 'usuallyDecision',
  payment: 'usuallyPayment',
  closed: 'usuallyClosed',
}

const ORDER: ClaimStepName[] = ['reported', 'received', 'adjuster', 'inspection', 'documents', 'decision', 'payment', 'closed']

const first = (events: readonly StepEvent[], ...types: ClaimEventType[]) => events.find((e) => types.includes(e.type))
const last = (events: readonly StepEvent[], ...types: ClaimEventType[]) => events.filter((e) => types.includes(e.type)).at(-1)
const latestOf = (dates: readonly string[]) => dates.reduce<string | null>((a, d) => (a === null || d > a ? d : a), null)

function doneDates(f: StepFacts): Record<ClaimStepName, string | null> {
  const inspection = last(f.events, 'inspection.scheduled')?.data.date as string | undefined
  const closing = last(f.events, 'claim.closed', 'claim.reopened')
  const documentsDone = f.documents.length > 0 && f.documents.every((d) => d.state === 'received' || d.state === 'accepted')
  return {
    reported: f.reportedOn,
    received: f.receivedOn ?? f.events[0]?.date ?? null,
    adjuster: first(f.events, 'adjuster.assigned')?.date ?? null,
    inspection: inspection && inspection <= f.today ? inspection : null,
    documents: documentsDone ? latestOf(f.documents.map((d) => d.document?.date ?? d.askedOn)) : null,
    decision: first(f.events, 'claim.decided', 'payment.issued', 'claim.closed')?.date ?? null,
    payment: first(f.events, 'payment.issued')?.date ?? null,
    closed: closing?.type === 'claim.closed' ? closing.date : null,
  }
}

/** What usually happens in the current step, and by when: counted from the step done before it, or a date the claims team gave. */
function nextOf(name: ClaimStepName, f: StepFacts, since: string, t: StepTexts): { usually: string; by: string | null; byLabel?: string } {
  const typical = TYPICAL_DURATIONS[name as Exclude<ClaimStepName, 'reported'>]
  const scheduled = last(f.events, 'inspection.scheduled')?.data.date as string | undefined
  if (name === 'inspection' && scheduled) return { usually: t.inspectionPlanned, by: scheduled, byLabel: t.plannedFor }
  const toSend = f.documents.filter((d) => isOutstanding(d.state))
  if (name === 'documents' && toSend.length > 0) {
    return {
      usually: t.documentsToSend,
      by: addDuration(latestOf(toSend.map((d) => d.askedOn)) ?? since, typical),
    }
  }
  if (name === 'documents' && f.documents.length > 0) {
    return { usually: t.documentsSent, by: null }
  }
  return { usually: t[USUALLY[name as Exclude<ClaimStepName, 'reported'>]], by: addDuration(since, typical) }
}

/** The steps, their words in a language (English unless told). */
export function claimSteps(f: StepFacts, locale: Locale = 'en'): ClaimStep[] {
  const t = STEP_TEXTS[locale]
  const done = doneDates(f)
  const lastDone = Math.max(...ORDER.map((name, i) => (done[name] ? i : -1)))
  const closed = done.closed !== null
  // Not passed over while still under way: documents asked for and not all in, an inspection still to come.
  const underWay: Partial<Record<ClaimStepName, boolean>> = {
    documents: f.documents.length > 0 && done.documents === null,
    inspection: last(f.events, 'inspection.scheduled') !== undefined && done.inspection === null,
  }
  let current: ClaimStepName | null = null
  return ORDER.map((name, i): ClaimStep => {
    const label = t[name]
    const date = done[name]
    if (date) return { name, label, state: 'done', date, next: null }
    if (closed || (i < lastDone && !underWay[name])) return { name, label, state: 'skipped', date: null, next: null }
    if (current) return { name, label, state: 'later', date: null, next: null }
    current = name
    const since = latestOf(ORDER.slice(0, i).flatMap((n) => (done[n] ? [done[n]] : []))) ?? f.reportedOn
    const next = nextOf(name, f, since, t)
    return { name, label, state: 'current', date: null, next: { byLabel: t.usuallyBy, ...next, late: next.by !== null && next.by < f.today } }
  })
}

/** The tracker's words for each state, said in text (never only by colour). */
const STEP_STATE_WORDS: Record<StepState, string> = {
  done: 'Done',
  current: 'Next',
  later: 'Later',
  skipped: 'Not needed',
}

/** The states' words in both languages (issue 36). */
export const STEP_STATE_TEXTS = defineTexts(STEP_STATE_WORDS, {
  done: 'Hecho',
  current: 'Siguiente',
  later: 'Después',
  skipped: 'No se necesita',
})
