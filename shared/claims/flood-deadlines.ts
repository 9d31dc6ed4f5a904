/**
 * Flood claims: the Proof of Loss deadline of the Standard Flood Insurance Policy (44 CFR Part 61,
 * Appendix A(1), Dwelling Form, VII.J.4): "Within 60 days after the loss, send us a proof of loss,
 * which is your statement of the amount you are claiming under the policy signed and sworn to by you".
 * The insurer may extend it in writing (VII.J.4 and FEMA's waivers after large events), so the portal
 * shows the date as 'due by' with that said, and reminds the policyholder 14 and 3 days before.
 *
 * Dates are calendar days on the policyholder's clock (yyyy-mm-dd, as claims.loss_date and
 * shared/clock.ts localDate give them); the arithmetic is on UTC midnights, so no daylight-saving
 * change shifts a day.
 */
export const PROOF_OF_LOSS_DAYS = 60
/** Days before the due date on which a reminder goes out. */
export const PROOF_OF_LOSS_REMINDER_DAYS = [14, 3] as const

const DAY_MS = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function dayNumber(iso: string): number {
  const m = ISO_DATE.exec(iso)
  if (!m) throw new RangeError(`not a yyyy-mm-dd date: ${iso}`)
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  if (new Date(ms).toISOString().slice(0, 10) !== iso) throw new RangeError(`no such date: ${iso}`)
  return ms / DAY_MS
}

const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** The Proof of Loss due date: 60 days after the date of loss. */
export function proofOfLossDueDate(lossDate: string): string {
  return isoOf(dayNumber(lossDate) + PROOF_OF_LOSS_DAYS)
}

/** Days from `today` (the policyholder's local date) to the due date: 0 on the day, negative once past. */
export function daysLeft(dueDate: string, today: string): number {
  return dayNumber(dueDate) - dayNumber(today)
}

/**
 * Whether the Proof of Loss deadline is shown and reminded: a flood claim once the claims team accepted
 * it (status Open, shared/claims/lifecycle.ts) and until it is closed.
 */
export function proofOfLossApplies(c: { family: string; status: string }): boolean {
  return c.family === 'flood' && c.status === 'Open'
}

/**
 * The reminder the scheduled work sends on `today`: the latest of the 14- and 3-day reminders whose day
 * has come, while the due date has not passed (so a run missed on the day, or a claim accepted inside
 * the 14 days, still gets its reminder once); null before the first or after the due date. Sent once
 * per claim and reminder (the outbox's dedupe key).
 */
export function reminderToSend(dueDate: string, today: string): (typeof PROOF_OF_LOSS_REMINDER_DAYS)[number] | null {
  const left = daysLeft(dueDate, today)
  if (left < 0) return null
  return [...PROOF_OF_LOSS_REMINDER_DAYS].sort((a, b) => a - b).find((d) => left <= d) ?? null
}
