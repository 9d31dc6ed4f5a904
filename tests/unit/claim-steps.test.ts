import { describe, expect, it } from 'vitest'
import { claimSteps, type StepEvent, type StepFacts } from '../../shared/claims/follow-up/claim-steps'
import type { DocumentLine } from '../../shared/claims/follow-up/document-checklist'
import { addDuration, TYPICAL_DURATIONS } from '../../shared/claims/follow-up/typical-durations'

/**
 * Issue 32 item 1 (decision 207): the tracker's steps from the claim's events: the date of each step
 * done, one current step with what usually happens and by when, skipped steps said as such.
 */
const ev = (type: StepEvent['type'], date: string, data: Record<string, unknown> = {}): StepEvent => ({ type, date, data })
const facts = (over: Partial<StepFacts> = {}): StepFacts => ({
  reportedOn: '2026-11-02',
  receivedOn: null,
  events: [],
  documents: [],
  today: '2026-11-03',
  ...over,
})
const line = (state: DocumentLine['state'], askedOn = '2026-11-05'): DocumentLine => ({
  key: 'plumber invoice',
  item: 'Plumber invoice',
  askedOn,
  state,
  document: state === 'requested' ? null : { name: 'invoice.pdf', date: '2026-11-07' },
})
const states = (f: StepFacts) => claimSteps(f).map((s) => `${s.name}:${s.state}`)
const current = (f: StepFacts) => claimSteps(f).find((s) => s.state === 'current')

describe('the claim tracker', () => {
  it('a claim just reported: reported done that day, received next, usually by the next business day', () => {
    // 2026-11-06 is a Friday: the next business day is Monday the 9th.
    const steps = claimSteps(facts({ reportedOn: '2026-11-06', today: '2026-11-06' }))
    expect(steps.map((s) => s.state)).toEqual(['done', 'current', 'later', 'later', 'later', 'later', 'later', 'later'])
    expect(steps[0]).toMatchObject({ label: 'Claim reported', date: '2026-11-06' })
    expect(steps[1]!.next).toEqual({ usually: TYPICAL_DURATIONS.received.usually, by: '2026-11-09', byLabel: 'Usually by', late: false })
  })

  it("received: the spec's 48 business hours for the adjuster, counted from the day it was received", () => {
    const next = current(facts({ receivedOn: '2026-11-03' }))
    expect(next?.name).toBe('adjuster')
    expect(next?.next?.usually).toContain('A claims representative will contact you within 48 business hours')
    expect(next?.next?.by).toBe('2026-11-05')
  })

  it('an inspection scheduled ahead is the current step, planned for its day; once the day has come it is done', () => {
    const events = [ev('claim.accepted', '2026-11-03'), ev('adjuster.assigned', '2026-11-04'), ev('inspection.scheduled', '2026-11-04', { date: '2026-11-10' })]
    expect(current(facts({ events, today: '2026-11-06' }))?.next).toMatchObject({ by: '2026-11-10', byLabel: 'Planned for', late: false })
    const later = claimSteps(facts({ events, today: '2026-11-10' }))
    expect(later.find((s) => s.name === 'inspection')).toMatchObject({ state: 'done', date: '2026-11-10' })
    expect(current(facts({ events, today: '2026-11-10' }))?.name).toBe('documents')
  })

  it('documents asked for and not sent: the documents step asks for them; sent but not confirmed: it waits; all received: done', () => {
    const events = [ev('adjuster.assigned', '2026-11-04'), ev('documents.requested', '2026-11-05', { items: ['Plumber invoice'] })]
    const asking = current(facts({ events, documents: [line('requested')], today: '2026-11-06' }))
    expect(asking?.name).toBe('inspection') // the inspection comes first and has not happened
    const afterInspection = [...events, ev('inspection.scheduled', '2026-11-04', { date: '2026-11-05' })]
    const docs = current(facts({ events: afterInspection, documents: [line('requested')], today: '2026-11-06' }))
    expect(docs?.name).toBe('documents')
    expect(docs?.next?.usually).toBe('Please send the documents listed under Documents requested. Your adjuster needs them to go on with your claim.')
    expect(docs?.next?.by).toBe(addDuration('2026-11-05', TYPICAL_DURATIONS.documents))
    const sent = current(facts({ events: afterInspection, documents: [line('sent')], today: '2026-11-07' }))
    expect(sent?.name).toBe('documents')
    expect(sent?.next?.usually).not.toContain('Please send')
    const received = claimSteps(facts({ events: afterInspection, documents: [line('received')], today: '2026-11-08' }))
    expect(received.find((s) => s.name === 'documents')).toMatchObject({ state: 'done', date: '2026-11-07' })
    expect(received.find((s) => s.state === 'current')?.name).toBe('decision')
  })

  it('another one needed keeps the documents step open even after a payment', () => {
    const events = [ev('documents.requested', '2026-11-05', { items: ['Plumber invoice'] }), ev('payment.issued', '2026-11-20', { amountCents: 845000 })]
    expect(states(facts({ events, documents: [line('another-needed')], today: '2026-11-21' }))).toEqual([
      'reported:done',
      'received:done',
      'adjuster:skipped',
      'inspection:skipped',
      'documents:current',
      'decision:done',
      'payment:done',
      'closed:later',
    ])
  })

  it('a payment marks the decision done that day; steps passed over are said to be not needed', () => {
    const steps = claimSteps(facts({ receivedOn: '2026-11-02', events: [ev('payment.issued', '2026-11-12', { amountCents: 845000 })], today: '2026-11-13' }))
    expect(steps.find((s) => s.name === 'decision')).toMatchObject({ state: 'done', date: '2026-11-12' })
    expect(steps.find((s) => s.name === 'inspection')?.state).toBe('skipped')
    expect(current(facts({ receivedOn: '2026-11-02', events: [ev('payment.issued', '2026-11-12')], today: '2026-11-13' }))).toMatchObject({
      name: 'closed',
      next: { by: '2026-12-12' },
    })
  })

  it('a decision (decision 212) marks the decision done that day, before any payment', () => {
    const steps = claimSteps(facts({ receivedOn: '2026-11-02', events: [ev('claim.decided', '2026-11-10', { outcome: 'accepted' })], today: '2026-11-13' }))
    expect(steps.find((s) => s.name === 'decision')).toMatchObject({ state: 'done', date: '2026-11-10' })
    expect(current(facts({ receivedOn: '2026-11-02', events: [ev('claim.decided', '2026-11-10', { outcome: 'accepted' })], today: '2026-11-13' }))?.name).toBe(
      'payment',
    )
  })

  it('business days skip federal holidays too: received the day before Thanksgiving, usually contacted by the Monday after', () => {
    // 2026-11-25 (Wed) + 2 business days: Thanksgiving (Thu 26) skipped, Fri 27, then Mon 30.
    expect(current(facts({ reportedOn: '2026-11-25', receivedOn: '2026-11-25', today: '2026-11-25' }))).toMatchObject({
      name: 'adjuster',
      next: { by: '2026-11-30' },
    })
  })

  it('a closed claim has no current step; reopened, it is open again', () => {
    const closedEvents = [ev('claim.accepted', '2026-11-03'), ev('claim.closed', '2026-11-20', { reason: 'Below the deductible' })]
    const closed = claimSteps(facts({ events: closedEvents, today: '2026-11-21' }))
    expect(closed.some((s) => s.state === 'current')).toBe(false)
    expect(closed.at(-1)).toMatchObject({ state: 'done', date: '2026-11-20' })
    expect(closed.find((s) => s.name === 'payment')?.state).toBe('skipped')
    const reopened = claimSteps(facts({ events: [...closedEvents, ev('claim.reopened', '2026-11-22')], today: '2026-11-23' }))
    expect(reopened.at(-1)?.state).not.toBe('done')
    expect(reopened.filter((s) => s.state === 'current')).toHaveLength(1)
  })

  it('past its usual date, the current step says it is late', () => {
    expect(current(facts({ receivedOn: '2026-11-02', today: '2026-11-20' }))?.next?.late).toBe(true)
  })

  it('exactly one current step at most, and only later steps after it', () => {
    const all = [
      facts(),
      facts({ receivedOn: '2026-11-02' }),
      facts({ events: [ev('adjuster.assigned', '2026-11-04')] }),
      facts({ events: [ev('documents.requested', '2026-11-05')], documents: [line('requested')] }),
    ]
    for (const f of all) {
      const s = claimSteps(f).map((x) => x.state)
      expect(s.filter((x) => x === 'current').length).toBe(1)
      expect(s.slice(s.indexOf('current') + 1).every((x) => x === 'later' || x === 'done')).toBe(true)
    }
  })
})

describe('typical durations', () => {
  it('business days skip the weekend; calendar days do not', () => {
    expect(addDuration('2026-11-06', { days: 2, unit: 'business' })).toBe('2026-11-10')
    expect(addDuration('2026-11-06', { days: 2, unit: 'calendar' })).toBe('2026-11-08')
    expect(addDuration('2026-12-31', { days: 1, unit: 'calendar' })).toBe('2027-01-01')
  })
})
