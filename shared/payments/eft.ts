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

/** The words of the drafts' notes in one language (issue 36; Spanish in shared/payments/texts/payment-due.ts), dates and amounts written by it. */
export interface EftWords {
  nothingToDo: (date: string) => string
  nowPaidInFull: string
  stillRuns: (date: string, amount: string) => string
  covers: (date: string) => string
  date: (iso: string) => string
  amount: (cents: number) => string
}

export const EFT_WORDS_EN: EftWords = {
  nothingToDo: (date) => `It will be drafted automatically on ${date}: you do not need to do anything.`,
  nowPaidInFull: 'Your policy is now paid in full, so no more automatic drafts will be taken.',
  stillRuns: (date, amount) => `Your automatic draft on ${date} still runs, for ${amount}.`,
  covers: (date) => `This payment covers your automatic draft on ${date}, so that draft will not run; later drafts continue as scheduled.`,
  date: formatDate,
  amount: formatAmount,
}

/** The payment-due box and the Account Home card, before any payment: nothing needs to be done. */
export function eftNothingToDoText(p: EftFacts, w: EftWords = EFT_WORDS_EN): string | null {
  if (!p.eftFlag || p.totalDue <= 0) return null
  return w.nothingToDo(w.date(p.dueDate))
}

/** After a manual payment (the balances it left): whether the next automatic draft still runs. */
export function eftAfterPaymentText(after: EftFacts, w: EftWords = EFT_WORDS_EN): string | null {
  if (!after.eftFlag) return null
  if (after.totalDue <= 0) return w.nowPaidInFull
  const due = after.amountDue + after.pastDue
  if (due > 0) return w.stillRuns(w.date(after.dueDate), w.amount(due))
  return w.covers(w.date(after.dueDate))
}
