import { addBusinessDays } from '../../business-days'

/**
 * How long each step of a claim usually takes (issue 32 item 1, decision 207), in one place: the
 * tracker's 'usually by' dates are counted from the step before. Only the first figure is a promise, and
 * it is the spec's ('A claims representative is promised to contact the user within 48 business hours
 * of a claim'); the others are the claims team's usual pace, said as 'usually', never as a deadline.
 */
export interface TypicalDuration {
  days: number
  /** Business days skip Saturdays, Sundays and federal holidays; calendar days do not. */
  unit: 'business' | 'calendar'
  /** What usually happens in this step, in plain words. */
  usually: string
}

export type ClaimStepName = 'reported' | 'received' | 'adjuster' | 'inspection' | 'documents' | 'decision' | 'payment' | 'closed'

/** Each step after 'reported', counted from the last step done before it. */
export const TYPICAL_DURATIONS: Record<Exclude<ClaimStepName, 'reported'>, TypicalDuration> = {
  received: { days: 1, unit: 'business', usually: 'We pass your claim to our claims team, who give it their own claim number.' },
  adjuster: {
    days: 2,
    unit: 'business',
    usually: 'A claims representative will contact you within 48 business hours and an adjuster is assigned to your claim.',
  },
  inspection: { days: 7, unit: 'calendar', usually: 'Your adjuster arranges a time to look at the damage, in person or by video.' },
  documents: {
    days: 14,
    unit: 'calendar',
    usually: 'Your adjuster may ask for documents such as estimates, receipts or photos. Anything asked for is listed on this page.',
  },
  decision: { days: 15, unit: 'calendar', usually: 'The claims team decides what your policy covers and tells you the amount.' },
  payment: { days: 5, unit: 'business', usually: 'The payment is issued by the method agreed with your adjuster.' },
  closed: { days: 30, unit: 'calendar', usually: 'Once everything is paid, your claim is closed. You can ask to reopen it if you find more damage.' },
}

const DAY_MS = 86_400_000

/** `from` (yyyy-mm-dd) plus the duration: business days skip weekends and federal holidays (shared/business-days.ts, decision 212). */
export function addDuration(from: string, d: Pick<TypicalDuration, 'days' | 'unit'>): string {
  if (d.unit === 'business') return addBusinessDays(from, d.days)
  return new Date(Date.parse(`${from}T00:00:00Z`) + d.days * DAY_MS).toISOString().slice(0, 10)
}
