import { formatDate } from '../format'
import { daysBetween } from '../clock'

/**
 * Automatic payments (issue 22 item 2) as rules: the terms shown and accepted (for a bank account, the
 * recurring-debit authorization NACHA asks for a WEB entry: amount, timing, account, how to revoke),
 * which due date an enrolment pays, and until when it may be stopped or changed (3 business days before
 * the next draft). Dates are 'YYYY-MM-DD' on the policy state's clock (shared/clock.ts).
 */
export const AUTOPAY_TERMS_VERSION = 'autopay-2026-11'
/** Business days before a draft from which it can no longer be stopped or changed. */
const CHANGE_CUTOFF_BUSINESS_DAYS = 3
/** A run that missed the due date (an outage) still drafts up to this many days after it, never later. */
export const LATE_DRAFT_DAYS = 3

export interface TermsFacts {
  kind: 'card' | 'bank'
  /** 'Visa ending in 1111', 'JPMorgan Chase account ending in 6789'. */
  method: string
  policyId: string
  supportPhone: string
}

export function autopayTermsText(f: TermsFacts): string {
  const lead =
    f.kind === 'bank'
      ? `I authorize ProgHome Insurance to debit my ${f.method} electronically (ACH) on each due date of policy ${f.policyId}, for the amount due on that date as shown on my bill and in the portal, until I stop these automatic payments.`
      : `I authorize ProgHome Insurance to charge my ${f.method} on each due date of policy ${f.policyId}, for the amount due on that date as shown on my bill and in the portal, until I stop these automatic payments.`
  return [
    lead,
    f.kind === 'bank' ? 'I confirm that I own this account or am authorized to make debits from it.' : 'I confirm that I am authorized to use this card.',
    'Nothing is taken when nothing is due. A payment I make myself before a due date lowers that draft.',
    `I can stop or change automatic payments in the portal (Automatic Payments on my policy, or Payment Methods in my profile) or by calling ${f.supportPhone}, up to ${CHANGE_CUTOFF_BUSINESS_DAYS} business days before a draft; after that, that draft still runs.`,
    'If a draft is declined, I will be emailed and the amount stays due; I can pay it in the portal.',
    'A copy of this authorization is emailed to me, and I may print this page.',
  ].join(' ')
}

function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

/** Business days (Monday to Friday) after `from` up to and including `to`; 0 when `to` is not later. */
export function businessDaysBetween(from: string, to: string): number {
  const days = daysBetween(from, to)
  let count = 0
  const start = weekday(from)
  for (let i = 1; i <= days; i++) {
    const wd = (start + i) % 7
    if (wd !== 0 && wd !== 6) count++
  }
  return count
}

/** Whether an enrolment made on `enrolledOn` pays the draft of `dueDate` (enrolled 3 business days before at least). */
export function paysDueDate(enrolledOn: string, dueDate: string): boolean {
  return businessDaysBetween(enrolledOn, dueDate) >= CHANGE_CUTOFF_BUSINESS_DAYS
}

export type DraftDecision = 'charge' | 'nothing-due' | 'not-yet' | 'missed' | 'not-covered'

/** What the scheduled work does today about an enrolled policy's due date. */
export function draftDecision(f: { enrolledOn: string; dueDate: string; dueCents: number; today: string }): DraftDecision {
  if (!paysDueDate(f.enrolledOn, f.dueDate)) return 'not-covered'
  const late = daysBetween(f.dueDate, f.today)
  if (late < 0) return 'not-yet'
  if (late > LATE_DRAFT_DAYS) return 'missed'
  return f.dueCents > 0 ? 'charge' : 'nothing-due'
}

/** Whether the enrolment may still be stopped or changed today (not within the cutoff of a draft it pays). */
export function mayChange(f: { enrolledOn: string; dueDate: string; today: string; drafted: boolean }): boolean {
  if (f.drafted || !paysDueDate(f.enrolledOn, f.dueDate)) return true
  if (daysBetween(f.today, f.dueDate) < 0) return true
  return businessDaysBetween(f.today, f.dueDate) >= CHANGE_CUTOFF_BUSINESS_DAYS
}

/**
 * The words of automatic payments' notes in one language (issue 36; English below, Spanish in
 * shared/payments/texts/payment-due.ts), each given its dates already written in that language.
 */
export interface AutopayWords {
  nextOnNextDue: string
  startsAfterNext: (date: string) => string
  nothingDueOn: (date: string) => string
  nextOn: (date: string) => string
  declined: (date: string) => string
  startsAfterThis: (date: string) => string
  drafts: (date: string, what: string) => string
  card: (brand: string, last4: string) => string
  account: (last4: string) => string
  date: (iso: string) => string
}

export const AUTOPAY_WORDS_EN: AutopayWords = {
  nextOnNextDue: 'Your next automatic payment will be on your next due date.',
  startsAfterNext: (date) => `Automatic payments start with your next due date after ${date}: please pay the amount due by ${date} yourself.`,
  nothingDueOn: (date) => `Nothing is due on ${date}, so nothing will be taken.`,
  nextOn: (date) => `Your next automatic payment is on ${date}.`,
  declined: (date) => `Your automatic payment due ${date} did not go through, and nothing was charged. Please pay now.`,
  startsAfterThis: (date) => `Automatic payments start after this due date: please pay this amount by ${date} yourself.`,
  drafts: (date, what) => `It will be paid automatically on ${date} from your ${what}: you do not need to do anything.`,
  card: (brand, last4) => `${brand} ending in ${last4}`,
  account: (last4) => `account ending in ${last4}`,
  date: formatDate,
}

/** The next draft's date in words, or why there is none yet. */
export function nextDraftText(
  f: { enrolledOn: string; dueDate: string; dueCents: number; today: string; drafted: boolean },
  w: AutopayWords = AUTOPAY_WORDS_EN,
): string {
  if (f.drafted || daysBetween(f.today, f.dueDate) < 0) return w.nextOnNextDue
  if (!paysDueDate(f.enrolledOn, f.dueDate)) return w.startsAfterNext(w.date(f.dueDate))
  if (f.dueCents <= 0) return w.nothingDueOn(w.date(f.dueDate))
  return w.nextOn(w.date(f.dueDate))
}

/** What the payment-due box knows about a policy's automatic payments (read with the policy, decision 141). */
export interface AutopayFacts {
  /** The active enrolment's method and the day it was accepted; null when not enrolled. */
  method: { kind: 'card' | 'bank'; brand: string; last4: string; enrolledOn: string } | null
  /** The last automatic draft, whatever became of it. */
  last: { dueDate: string; status: 'pending' | 'approved' | 'declined' | 'failed'; amountCents: number } | null
}

/** The box's line about automatic payments for an amount due on `dueDate`, and whether the draft is still to come. */
export function autopayDueNote(
  a: AutopayFacts,
  dueDate: string,
  w: AutopayWords = AUTOPAY_WORDS_EN,
): { text: string; drafts: boolean; declined: boolean } | null {
  const last = a.last?.dueDate === dueDate ? a.last : null
  if (last && (last.status === 'declined' || last.status === 'failed')) return { text: w.declined(w.date(dueDate)), drafts: false, declined: true }
  if (!a.method || last) return null
  const what = a.method.kind === 'card' ? w.card(a.method.brand, a.method.last4) : w.account(a.method.last4)
  if (!paysDueDate(a.method.enrolledOn, dueDate)) return { text: w.startsAfterThis(w.date(dueDate)), drafts: false, declined: false }
  return { text: w.drafts(w.date(dueDate), what), drafts: true, declined: false }
}

export const CHANGE_TOO_LATE =
  'Your automatic payment is less than 3 business days away, so it can no longer be stopped or changed. You can stop or change automatic payments after it.'
