// The system-message page's headings, apart from its schema: the payment island shows the error heading
// and must not bring zod with it (perf:size: the full zod is ~90 KB gzip of an island page).
import type { Locale } from '../i18n/locale'

export const ERROR_HEADING = 'An unexpected error has occurred.'
const SUCCESS_HEADING = 'Success!'
/** Ours (decision 222): a pending payment is not an error. */
const PENDING_HEADING = 'Payment Pending'

/** The headings in Spanish (issue 36); the spec's English above stays as it is. An island is handed the one it shows. */
const SYSTEM_MESSAGE_HEADINGS_ES = {
  error: 'Ocurrió un error inesperado.',
  success: '¡Listo!',
  pending: 'Pago pendiente',
} as const

/** The page's heading: the spec's for an error and a success, ours for a pending payment; in Spanish for a page read in Spanish. */
export function systemMessageHeading(m: { isError: boolean; pending?: boolean }, locale: Locale = 'en'): string {
  const kind = m.pending ? 'pending' : m.isError ? 'error' : 'success'
  if (locale === 'es') return SYSTEM_MESSAGE_HEADINGS_ES[kind]
  return kind === 'pending' ? PENDING_HEADING : kind === 'error' ? ERROR_HEADING : SUCCESS_HEADING
}
