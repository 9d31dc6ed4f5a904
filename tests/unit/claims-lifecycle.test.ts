import { describe, it, expect } from 'vitest'
import { applyEvent, foldEvents, initialState, type ClaimState, type FoldableEvent } from '../../shared/claims/lifecycle'
import { claimEventSchema } from '../../shared/claims/events'

/** The claim's status from the claims system's events (decision 167): a fold in sequence order. */
const ADJUSTER = { name: 'Dana Whitaker', phone: '512-555-0142', email: 'dana.whitaker@carrier.example' }
const ev = {
  accepted: (sequence: number, carrierClaimNumber = 'CC-1001'): FoldableEvent => ({ type: 'claim.accepted', sequence, data: { carrierClaimNumber } }),
  adjuster: (sequence: number, name = ADJUSTER.name): FoldableEvent => ({ type: 'adjuster.assigned', sequence, data: { adjuster: { ...ADJUSTER, name } } }),
  payment: (sequence: number): FoldableEvent => ({ type: 'payment.issued', sequence, data: { amountCents: 125_000, method: 'check' } }),
  closed: (sequence: number): FoldableEvent => ({ type: 'claim.closed', sequence, data: { reason: 'Paid in full' } }),
  reopened: (sequence: number): FoldableEvent => ({ type: 'claim.reopened', sequence, data: {} }),
}

const reported = initialState({ answered: false, carrierClaimNumber: null })
const received = initialState({ answered: true, carrierClaimNumber: 'CC-1001' })
const state = (status: ClaimState['status']): ClaimState => ({ ...received, status })

describe('one event', () => {
  it.each([
    ['claim.accepted on a reported claim', reported, ev.accepted(1), 'Open'],
    ['claim.accepted on a received claim', received, ev.accepted(1), 'Open'],
    ['adjuster.assigned implies open', received, ev.adjuster(1), 'Open'],
    ['payment.issued keeps a closed claim closed', state('Closed'), ev.payment(9), 'Closed'],
    ['claim.closed closes', state('Open'), ev.closed(3), 'Closed'],
    ['claim.reopened opens a closed claim', state('Closed'), ev.reopened(4), 'Open'],
  ] as const)('%s', (_name, before, event, status) => {
    expect(applyEvent(before, event).status).toBe(status)
  })

  it('claim.accepted sets the carrier number; adjuster.assigned the adjuster', () => {
    expect(applyEvent(reported, ev.accepted(1, 'CC-77')).carrierClaimNumber).toBe('CC-77')
    expect(applyEvent(reported, ev.adjuster(1)).adjuster).toEqual(ADJUSTER)
  })
})

describe('the fold: order of arrival does not matter', () => {
  it.each([
    ['in order', [ev.accepted(1), ev.adjuster(2), ev.closed(3)], 'Closed'],
    ['a late accepted after the close', [ev.closed(3), ev.accepted(1), ev.adjuster(2)], 'Closed'],
    ['a late close after the reopening', [ev.accepted(1), ev.reopened(5), ev.closed(4)], 'Open'],
    ['the same event twice', [ev.accepted(1), ev.closed(2), ev.closed(2)], 'Closed'],
  ] as const)('%s', (_name, events, status) => {
    const folded = foldEvents(received, events)
    expect(folded.status).toBe(status)
    expect(foldEvents(received, [...events].reverse())).toEqual(folded)
  })

  it('a late adjuster.assigned never replaces a later one', () => {
    const folded = foldEvents(received, [ev.adjuster(4, 'Second Adjuster'), ev.adjuster(2, 'First Adjuster')])
    expect(folded.adjuster?.name).toBe('Second Adjuster')
    expect(folded.lastSequence).toBe(4)
  })
})

describe('the delivery answer', () => {
  it("is where the fold starts: 'Received' once answered, so an answer after the events moves no status back", () => {
    expect([reported.status, received.status]).toEqual(['Reported', 'Received'])
    expect(received.carrierClaimNumber).toBe('CC-1001')
    expect(foldEvents(received, [ev.accepted(1)]).status).toBe('Open')
    expect(foldEvents(received, [ev.accepted(1), ev.closed(2)]).status).toBe('Closed')
  })
})

describe('the event schema', () => {
  const base = { id: 'evt-1', claimNumber: 'HO-2026-000123', sequence: 1 }
  it.each([
    ['an unknown type', { ...base, type: 'claim.archived', data: {} }],
    ['claim.accepted without its number', { ...base, type: 'claim.accepted', data: {} }],
    ['an adjuster without an email', { ...base, type: 'adjuster.assigned', data: { adjuster: { name: 'A', phone: '512-555-0100' } } }],
    ['a payment in dollars', { ...base, type: 'payment.issued', data: { amountCents: 12.5, method: 'check' } }],
    ['no requested items', { ...base, type: 'documents.requested', data: { items: [] } }],
    ['an inspection date in US form', { ...base, type: 'inspection.scheduled', data: { date: '03/01/2026' } }],
    ['a sequence of 0', { ...base, sequence: 0, type: 'claim.reopened', data: {} }],
  ])('refuses %s', (_name, event) => {
    expect(claimEventSchema.safeParse(event).success).toBe(false)
  })

  it('takes each type with its data', () => {
    for (const event of [
      { ...base, type: 'claim.accepted', data: { carrierClaimNumber: 'CC-1' } },
      { ...base, type: 'adjuster.assigned', data: { adjuster: ADJUSTER } },
      { ...base, type: 'inspection.scheduled', data: { date: '2026-03-01' } },
      { ...base, type: 'documents.requested', data: { items: ['Repair estimate'] } },
      { ...base, type: 'payment.issued', data: { amountCents: 125_000, method: 'check' } },
      { ...base, type: 'claim.closed', data: { reason: 'Paid in full' } },
      { ...base, type: 'claim.reopened', data: {}, occurredAt: '2026-03-01T10:00:00Z' },
    ]) {
      expect(claimEventSchema.safeParse(event).success, event.type).toBe(true)
    }
  })
})
