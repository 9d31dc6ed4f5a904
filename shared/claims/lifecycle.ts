import type { Adjuster, ClaimEvent, ClaimEventType } from './events'

/**
 * A reported claim's status and the facts the claims system told about it (docs/decisions/167), as pure
 * functions. The portal keeps every event; the claim's state is the FOLD of its events in sequence
 * order over what the delivery's answer gave. So an event that arrives late (a lower sequence than one
 * already applied) lands in its place in the timeline and cannot move the status backwards, a
 * duplicate changes nothing, and the same events give the same state whatever order they came in.
 *
 *   Reported  the portal took the claim (claims.status since issue 10)
 *   Received  the claims system answered the delivery with its claim number
 *   Open      the claims team accepted it (claim.accepted, or reopened; any other event implies it)
 *   Closed    claim.closed
 */
export type ClaimStatus = 'Reported' | 'Received' | 'Open' | 'Closed'

export interface ClaimState {
  status: ClaimStatus
  carrierClaimNumber: string | null
  adjuster: Adjuster | null
  /** The highest sequence folded in (0 before any event). */
  lastSequence: number
}

/** What each event does to the status. 'implies-open': a claim not yet open is open; an open or closed one stays. */
const STATUS_EFFECT: Record<ClaimEventType, 'Open' | 'Closed' | 'implies-open'> = {
  'claim.accepted': 'Open',
  'adjuster.assigned': 'implies-open',
  'inspection.scheduled': 'implies-open',
  'documents.requested': 'implies-open',
  'payment.issued': 'implies-open',
  'payment.status': 'implies-open',
  'claim.closed': 'Closed',
  'claim.reopened': 'Open',
  'document.received': 'implies-open',
  'document.reviewed': 'implies-open',
  'proof.complete': 'implies-open',
  'letter.sent': 'implies-open',
  'claim.decided': 'implies-open',
}

export type FoldableEvent = Pick<ClaimEvent, 'type' | 'sequence' | 'data'>

/** The state before any event: what the delivery's answer gave ('Received' once the claims system answered). */
export function initialState(delivery: { answered: boolean; carrierClaimNumber: string | null }): ClaimState {
  return { status: delivery.answered ? 'Received' : 'Reported', carrierClaimNumber: delivery.carrierClaimNumber, adjuster: null, lastSequence: 0 }
}

/** One event applied to the state that folds every lower sequence. */
export function applyEvent(state: ClaimState, event: FoldableEvent): ClaimState {
  const effect = STATUS_EFFECT[event.type]
  const status: ClaimStatus = effect === 'implies-open' ? (state.status === 'Reported' || state.status === 'Received' ? 'Open' : state.status) : effect
  const next: ClaimState = { ...state, status, lastSequence: Math.max(state.lastSequence, event.sequence) }
  if (event.type === 'claim.accepted') next.carrierClaimNumber = (event.data as { carrierClaimNumber: string }).carrierClaimNumber
  if (event.type === 'adjuster.assigned') next.adjuster = (event.data as { adjuster: Adjuster }).adjuster
  return next
}

/**
 * The claim's state from all its events, whatever order they arrived in: sorted by sequence (two
 * events with one sequence keep their arrival order), then applied one by one.
 */
export function foldEvents(start: ClaimState, events: readonly FoldableEvent[]): ClaimState {
  return [...events]
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.sequence - b.e.sequence || a.i - b.i)
    .reduce((state, { e }) => applyEvent(state, e), start)
}
