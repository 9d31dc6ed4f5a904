import { daysBetween } from '../clock'
import { formatDate } from '../format'
import { formatAmount } from './amount'

/**
 * Payment reminders (issue 22 item 3) as rules: 7 days and 1 day before a due date, and once the
 * payment is past due, each once per policy and due date (the outbox's dedupe key). A run that missed
 * a day still sends the reminder later in its window, never a second one and never long after.
 */
export type ReminderKind = 'due-in-7' | 'due-in-1' | 'past-due'

/** The reminder a policy gets today for its due date, or null. */
export function reminderFor(today: string, dueDate: string): ReminderKind | null {
  const days = daysBetween(today, dueDate)
  if (days >= 2 && days <= 7) return 'due-in-7'
  if (days === 1 || days === 0) return 'due-in-1'
  if (days <= -1 && days >= -3) return 'past-due'
  return null
}

/** A flood policy's payment near its renewal date: the renewal premium, whose lapse starts a waiting period again. */
export function isFloodRenewal(p: { isFlood: boolean; dueDate: string; renewalDate: string }): boolean {
  return p.isFlood && Math.abs(daysBetween(p.dueDate, p.renewalDate)) <= 60
}

const FLOOD_LAPSE_TEXT =
  'This is your flood insurance renewal. If it is not paid, your flood policy will end (lapse) on its renewal date. A new flood policy usually must wait 30 days before it covers anything, so a flood in those 30 days would not be covered. Paying on time keeps your coverage without a gap.'

export interface ReminderFacts {
  kind: ReminderKind
  policyId: string
  amountCents: number
  dueDate: string
  floodRenewal: boolean
  portalUrl: string
  supportPhone: string
}

export function reminderSubject(f: ReminderFacts): string {
  if (f.kind === 'past-due') return `Your payment on policy ${f.policyId} is past due`
  return `Your payment on policy ${f.policyId} is due ${f.kind === 'due-in-1' ? 'soon' : `on ${formatDate(f.dueDate)}`}`
}

export function reminderText(f: ReminderFacts): string {
  const lead =
    f.kind === 'past-due'
      ? `Your payment of ${formatAmount(f.amountCents)} on policy ${f.policyId} was due on ${formatDate(f.dueDate)} and has not been received.`
      : `Your payment of ${formatAmount(f.amountCents)} on policy ${f.policyId} is due on ${formatDate(f.dueDate)}.`
  return [
    lead,
    '',
    `Pay online: ${f.portalUrl.replace(/\/+$/, '')}/ (log in, open the policy, then Make a Payment), or call us at ${f.supportPhone}.`,
    'Tip: automatic payments pay each amount due on its due date; set them up under Automatic payments on your policy.',
    ...(f.floodRenewal ? ['', FLOOD_LAPSE_TEXT] : []),
    '',
    'If you have already paid, thank you: please ignore this email.',
    'You can turn these reminders off for this policy under Payment Methods in your profile.',
  ].join('\n')
}
