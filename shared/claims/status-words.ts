import type { ClaimEventType } from './events'
import type { ClaimStatus } from './lifecycle'
import { defineTexts } from '../i18n/catalog'

/**
 * Where a claim stands, as the policyholder reads it (issue 19 item 3): the folded status
 * (shared/claims/lifecycle.ts) made finer, for an open claim, by the last thing that happened on it.
 */
export type ClaimStage =
  | 'reported'
  | 'received'
  | 'accepted'
  | 'adjuster-assigned'
  | 'inspection-scheduled'
  | 'documents-requested'
  | 'payment-issued'
  | 'reopened'
  | 'closed'

/** Events that move the stage; a document's news does not (the checklist shows it: decision 207), nor do the deadlines' events (decision 212) or a payment's later status (decision 210). */
type StageEvent = Exclude<
  ClaimEventType,
  'claim.closed' | 'document.received' | 'document.reviewed' | 'proof.complete' | 'letter.sent' | 'claim.decided' | 'payment.status'
>
const STAGE_OF_EVENT: Record<StageEvent, ClaimStage> = {
  'claim.accepted': 'accepted',
  'adjuster.assigned': 'adjuster-assigned',
  'inspection.scheduled': 'inspection-scheduled',
  'documents.requested': 'documents-requested',
  'payment.issued': 'payment-issued',
  'claim.reopened': 'reopened',
}

/**
 * The stage from the status and the claim's event types in sequence order: Reported, Received and
 * Closed are stages of their own; an Open claim is at its last event other than a close, a document's news or a payment's later status.
 */
export function claimStage(status: ClaimStatus, eventTypes: readonly ClaimEventType[]): ClaimStage {
  if (status === 'Reported') return 'reported'
  if (status === 'Received') return 'received'
  if (status === 'Closed') return 'closed'
  const last = eventTypes.filter((t): t is StageEvent => t in STAGE_OF_EVENT).at(-1)
  return last ? STAGE_OF_EVENT[last] : 'accepted'
}

/** The status in plain words (the claim page, Claims History's link line on Account Home, the mails). */
const STATUS_WORDS: Record<ClaimStage, string> = {
  reported: 'Reported',
  received: 'Received by the claims team',
  accepted: 'Accepted by the claims team',
  'adjuster-assigned': 'Adjuster assigned',
  'inspection-scheduled': 'Inspection scheduled',
  'documents-requested': 'Documents requested',
  'payment-issued': 'Payment issued',
  reopened: 'Reopened',
  closed: 'Closed',
}

/** The status words in both languages (issue 36). */
export const STATUS_TEXTS = defineTexts(STATUS_WORDS, {
  reported: 'Reportado',
  received: 'Recibido por el equipo de reclamos',
  accepted: 'Aceptado por el equipo de reclamos',
  'adjuster-assigned': 'Ajustador asignado',
  'inspection-scheduled': 'Inspección programada',
  'documents-requested': 'Documentos solicitados',
  'payment-issued': 'Pago emitido',
  reopened: 'Reabierto',
  closed: 'Cerrado',
})

/**
 * The number to quote when calling about the claim: the claims team's own number once they gave it
 * (it is what their systems file the claim under), else the portal's.
 */
export function numberToQuote(claimNumber: string, carrierClaimNumber: string | null): string {
  return carrierClaimNumber ?? claimNumber
}

/** payment.issued's method in words (the page's payments, the payment mail). */
const PAYMENT_METHOD_WORDS: Record<'check' | 'ach' | 'wire' | 'card', string> = {
  check: 'Check',
  ach: 'Direct deposit',
  wire: 'Wire transfer',
  card: 'Card',
}

/** The payment methods in both languages (issue 36). */
export const PAYMENT_METHOD_TEXTS = defineTexts(PAYMENT_METHOD_WORDS, {
  check: 'Cheque',
  ach: 'Depósito directo',
  wire: 'Transferencia bancaria',
  card: 'Tarjeta',
})
