import { formatAmount } from './amount'
import { formatDate } from '../format'

/**
 * Automatic drafts (EFT) in words (issue 21 item 4, decision 171). The policy says whether it is on EFT
 * (`eftFlag`) and the next draft's date (`dueDate`); the draft takes what is due on that date
 * (`amountDue` + `pastDue`), so a manual payment lowers it, and a policy paid in full has none.
 */
export interface EftFacts {
  eftFlag: boolean
  totalDue: number
  amountDue: number
  pastDue: number
  dueDate: string
}

/** The payment-due box and the Account Home card, before any payment: nothing needs to be done. */
export function eftNothingToDoText(p: EftFacts): string | null {
  if (!p.eftFlag || p.totalDue <= 0) return null
  return `It will be drafted automatically on ${formatDate(p.dueDate)}: you do not need to do anything.`
}

/** After a manual payment (the balances it left): whether the next automatic draft still runs. */
export function eftAfterPaymentText(after: EftFacts): string | null {
  if (!after.eftFlag) return null
  if (after.totalDue <= 0) return 'Your policy is now paid in full, so no more automatic drafts will be taken.'
  const due = after.amountDue + after.pastDue
  if (due > 0) return `Your automatic draft on ${formatDate(after.dueDate)} still runs, for ${formatAmount(due)}.`
  return `This payment covers your automatic draft on ${formatDate(after.dueDate)}, so that draft will not run; later drafts continue as scheduled.`
}
