import { defineTexts } from '../../shared/i18n/catalog'
import { formatMinutesIn } from '../../shared/i18n/format'

/**
 * The shared middleware's refusals in each language (issue 36): a page answers in the page's language,
 * /v1 in its answer's language, English for a bearer caller (each side says which when mounted: Refusals.locale).
 */
export const refusalTexts = defineTexts(
  {
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    paymentsPaused: (minutes: number) =>
      `Several payments were not accepted in a short time, so online payment is paused for now to protect your account. Please try again in ${formatMinutesIn('en', minutes)}, or call us.`,
  },
  {
    tooManyAttempts: 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
    paymentsPaused: (minutes) =>
      `Varios pagos no se aceptaron en poco tiempo, así que los pagos en línea están en pausa por ahora para proteger su cuenta. Inténtelo de nuevo en ${formatMinutesIn('es', minutes)}, o llámenos.`,
  },
)
