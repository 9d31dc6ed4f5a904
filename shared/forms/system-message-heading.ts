// The system-message page's headings, apart from its schema: the payment island shows the error heading
// and must not bring zod with it (perf:size: the full zod is ~90 KB gzip of an island page).

export const ERROR_HEADING = 'An unexpected error has occurred.'
const SUCCESS_HEADING = 'Success!'
/** Ours (decision 222): a pending payment is not an error. */
const PENDING_HEADING = 'Payment Pending'

/** The page's heading: the spec's for an error and a success, ours for a pending payment. */
export function systemMessageHeading(m: { isError: boolean; pending?: boolean }): string {
  if (m.pending) return PENDING_HEADING
  return m.isError ? ERROR_HEADING : SUCCESS_HEADING
}
