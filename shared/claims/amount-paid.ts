import { formatUsd } from '../format'

/** Claims History's Amount Paid when nothing has been paid on a claim still open (issue 21 item 5). */
const NOTHING_PAID_YET = 'None yet'

/**
 * Claims History's Amount Paid cell (spec 000 names the column, not its format): a just-reported or
 * still-open claim with nothing paid reads 'None yet' rather than '$0.00', which looks like a settled
 * nothing; a closed claim keeps its amount, $0.00 included, since that is its outcome.
 */
export function amountPaidText(lossAmount: number, status: string): string {
  return lossAmount === 0 && !/closed/i.test(status) ? NOTHING_PAID_YET : formatUsd(lossAmount)
}
