import type { ClaimEventType } from '../events'
import { proofOfLossDueDate } from '../flood-deadlines'
import { addBusinessDays, addCalendarDays } from '../../business-days'
import { daysBetween } from '../../clock'
import { claimRules, stateDeadlines, type ConsumerLine, type DeadlineAnchor, type DeadlineRule } from './deadline-rules'

/**
 * A claim's deadlines from its events (issue 33 item 3, decision 212): for each rule of its state
 * (deadline-rules.ts), the date, and whether what was due happened, when, and in time. Every date is
 * 'YYYY-MM-DD' on the policy state's clock (the caller turns instants into dates with shared/clock.ts).
 *
 *   waiting   what the deadline counts from has not happened yet (no date)
 *   open      not done yet, the date not passed
 *   met       done on or before the date
 *   late      done after the date
 *   missed    the claims team has not done it and the date has passed
 *   passed    the policyholder's date has passed (the portal cannot see an appeal sent to FEMA)
 *   extended  more time asked in writing in time, with no fixed date (California: written updates instead)
 */
type DeadlineState = 'waiting' | 'open' | 'met' | 'late' | 'missed' | 'passed' | 'extended'

export interface DeadlineEvent {
  type: ClaimEventType
  /** yyyy-mm-dd on the policy's clock. */
  date: string
  data: Record<string, unknown>
}

export interface DeadlineFacts {
  state: string
  family: 'homeowners' | 'flood'
  lossDate: string
  /** The day the claim was reported (the insurer's notice). */
  reportedOn: string
  /** The claim's events in sequence order. */
  events: readonly DeadlineEvent[]
  today: string
}

export interface ClaimDeadline {
  rule: DeadlineRule
  /** null while waiting, or when more time was taken with no fixed date. */
  due: string | null
  state: DeadlineState
  /** When what was due happened (or the letter asking for more time, when extended). */
  doneOn: string | null
  /** A letter asking for more time, sent in time, moved the date (from this date). */
  movedFrom: string | null
}

export interface ClaimDeadlines {
  deadlines: ClaimDeadline[]
  /** The state insurance department's consumer line, shown beside a missed date of the claims team. */
  department: ConsumerLine
  /** The policyholder's date they were judged on. */
  today: string
}

/** What each anchor's start is waiting for, in the policyholder's words. */
export const WAITING_FOR: Record<DeadlineAnchor, string> = {
  reported: 'you report the claim',
  'all-items': 'the claims team has every item it asked for',
  accepted: 'the claims team accepts the claim',
  loss: 'the loss',
  'denial-letter': 'a denial letter',
  'more-time-letter': 'the claims team writes that it needs more time to decide',
}

const isLetter = (e: DeadlineEvent, letter: string) => e.type === 'letter.sent' && e.data.letter === letter
const isDecision = (e: DeadlineEvent, ...outcomes: string[]) => e.type === 'claim.decided' && outcomes.includes(e.data.outcome as string)
const first = (events: readonly DeadlineEvent[], from: string, test: (e: DeadlineEvent) => boolean) =>
  events.find((e) => e.date >= from && test(e))?.date ?? null

function anchorDate(anchor: DeadlineAnchor, f: DeadlineFacts): string | null {
  switch (anchor) {
    case 'reported':
      return f.reportedOn
    case 'loss':
      return f.lossDate
    case 'all-items':
      // The last 'everything received': a later request for more documents starts it again.
      return f.events.filter((e) => e.type === 'proof.complete').at(-1)?.date ?? null
    case 'accepted':
      return f.events.find((e) => isDecision(e, 'accepted', 'partly-denied'))?.date ?? null
    case 'denial-letter':
      return f.events.find((e) => isDecision(e, 'denied', 'partly-denied'))?.date ?? null
    case 'more-time-letter':
      return f.events.find((e) => isLetter(e, 'more-time-needed'))?.date ?? null
  }
}

/** When what the rule asks for happened, from its start on; null when it has not (or the portal cannot see it). */
function doneDate(rule: DeadlineRule, start: string, events: readonly DeadlineEvent[]): string | null {
  switch (rule.kind) {
    case 'acknowledge':
      return first(events, start, () => true)
    case 'bill-of-rights':
      return first(events, start, (e) => isLetter(e, 'bill-of-rights'))
    case 'decide':
      return first(events, start, (e) => e.type === 'claim.decided')
    case 'pay-or-deny':
      return first(events, start, (e) => e.type === 'payment.issued' || isDecision(e, 'denied'))
    case 'pay':
      return first(events, start, (e) => e.type === 'payment.issued')
    case 'proof-of-loss':
      return first(events, start, (e) => e.type === 'proof.complete')
    case 'appeal':
    case 'written-update':
      return null
  }
}

function dueDate(rule: DeadlineRule, start: string): string {
  if (rule.kind === 'proof-of-loss') return proofOfLossDueDate(start)
  return rule.unit === 'business' ? addBusinessDays(start, rule.days) : addCalendarDays(start, rule.days)
}

function judged(rule: DeadlineRule, due: string, doneOn: string | null, today: string, movedFrom: string | null = null): ClaimDeadline {
  if (doneOn) return { rule, due, state: doneOn <= due ? 'met' : 'late', doneOn, movedFrom }
  const state = today <= due ? 'open' : rule.party === 'insurer' ? 'missed' : 'passed'
  return { rule, due, state, doneOn: null, movedFrom }
}

/**
 * California's written updates: every 30 days from the letter asking for more time until the decision.
 * The date shown is the next update's (or, once decided, the last one that was due); 'late' when a gap
 * between two writings (the letters and document requests) ran over.
 */
function writtenUpdates(rule: DeadlineRule, start: string, f: DeadlineFacts): ClaimDeadline {
  const decided = first(f.events, start, (e) => e.type === 'claim.decided')
  const writings = f.events
    .filter((e) => e.date > start && (e.type === 'letter.sent' || e.type === 'documents.requested') && (!decided || e.date <= decided))
    .map((e) => e.date)
  let last = start
  let lateOnce = false
  for (const w of writings) {
    if (daysBetween(last, w) > rule.days) lateOnce = true
    last = w
  }
  const due = addCalendarDays(last, rule.days)
  if (decided) return { rule, due, state: lateOnce || decided > due ? 'late' : 'met', doneOn: decided, movedFrom: null }
  if (f.today > due) return { rule, due, state: 'missed', doneOn: null, movedFrom: null }
  return { rule, due, state: lateOnce ? 'late' : 'open', doneOn: writings.at(-1) ?? null, movedFrom: null }
}

function deadlineOf(rule: DeadlineRule, f: DeadlineFacts): ClaimDeadline {
  const start = anchorDate(rule.from, f)
  if (start === null) return { rule, due: null, state: 'waiting', doneOn: null, movedFrom: null }
  if (rule.kind === 'written-update') return writtenUpdates(rule, start, f)
  const due = dueDate(rule, start)
  const doneOn = doneDate(rule, start, f.events)
  const moreTime = rule.moreTime ? first(f.events, start, (e) => isLetter(e, 'more-time-needed')) : null
  if (rule.moreTime && moreTime && moreTime <= due && !(doneOn && doneOn <= due)) {
    if (rule.moreTime === 'written-updates') return { rule, due: null, state: doneOn ? 'met' : 'extended', doneOn: doneOn ?? moreTime, movedFrom: due }
    return judged(rule, addCalendarDays(moreTime, rule.moreTime.days), doneOn, f.today, due)
  }
  return judged(rule, due, doneOn, f.today)
}

/** The claim's deadlines, the claims team's first, then the policyholder's, in the table's order. */
export function claimDeadlines(f: DeadlineFacts): ClaimDeadlines {
  const rules = claimRules(f.state, f.family)
  return { deadlines: rules.map((r) => deadlineOf(r, f)), department: stateDeadlines(f.state).department, today: f.today }
}
